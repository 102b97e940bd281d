/** The user menu: who is signed in, their profile, sign out. A disclosure, closed by Escape or a click outside. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import { useAuth } from '../../auth/auth-context';
import type { SessionUser } from '../../auth/session';
import { Icon } from '../icons';
import { humanize } from '../ui/Badge';
import { useToast } from '../ui/Toast';

export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ user, profilePath }: { user: SessionUser; profilePath: NonNullable<LinkProps['to']> }) {
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    await navigate({ to: '/login', replace: true });
    toast({ title: 'Signed out', description: 'See you next time.' });
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${user.Name || user.Email}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initialsOf(user.Name, user.Email)}
        </span>
        <span className="user-menu__name">{user.Name || user.Email}</span>
      </button>
      {open ? (
        <div className="popover user-menu__panel" id={panelId}>
          <div className="user-menu__who">
            <p className="user-menu__who-name">{user.Name || user.Email}</p>
            <p className="user-menu__who-email">{user.Email}</p>
            <p className="user-menu__who-role">{humanize(user.Role)}</p>
          </div>
          <ul className="user-menu__items">
            <li>
              <Link to={profilePath} className="user-menu__item" onClick={() => setOpen(false)}>
                <Icon name="user" size={18} />
                Profile
              </Link>
            </li>
            <li>
              <button type="button" className="user-menu__item" onClick={() => void onSignOut()}>
                <Icon name="logout" size={18} />
                Sign out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
