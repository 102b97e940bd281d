/** The user menu: who is signed in, their profile, sign out. A disclosure, closed by Escape or a click outside. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import { useAuth } from '../../auth/auth-context';
import { appDb } from '../../db/app-db';
import { useSyncRuntime } from '../../sync/sync-context';
import type { SessionUser } from '../../auth/session';
import { Icon } from '../icons';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { EmailAddress } from '../ui/EmailAddress';
import { useToast } from '../ui/Toast';
import { useInstallApp } from '../../pwa/InstallHelp';
import type { Role } from '../../../../shared/enums';
import type { MessageId } from '../../i18n';
import { useT } from '../../i18n/use-t';

const ROLE_LABEL: Record<Role, MessageId> = { super_admin: 'role.superAdmin', admin: 'role.admin', host: 'role.host', staff: 'role.staff' };

export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ user, profilePath }: { user: SessionUser; profilePath: NonNullable<LinkProps['to']> }) {
  const { signOut, demo } = useAuth();
  const runtime = useSyncRuntime();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const installApp = useInstallApp();
  const t = useT();
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

  const finishSignOut = async () => {
    setConfirming(null);
    await runtime.halt();
    await signOut();
    await navigate({ to: '/login', replace: true });
    toast({ title: t('userMenu.signedOut'), description: t('userMenu.seeYou') });
  };

  // Signing out wipes this device's copy: changes not yet on the server would be lost, so try to
  // send them first and ask when some remain (demo changes are local by design: no question).
  const onSignOut = async () => {
    setOpen(false);
    if (!demo) {
      setLeaving(true);
      await runtime.flush(4000);
      setLeaving(false);
      const waiting = await appDb().outbox.count();
      if (waiting > 0) {
        setConfirming(waiting);
        return;
      }
    }
    await finishSignOut();
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('userMenu.label', { name: user.Name || user.Email })}
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
            <p className="user-menu__who-email">
              <EmailAddress address={user.Email} />
            </p>
            <p className="user-menu__who-role">{t(ROLE_LABEL[user.Role])}</p>
          </div>
          <ul className="user-menu__items">
            <li>
              <Link to={profilePath} className="user-menu__item" onClick={() => setOpen(false)}>
                <Icon name="user" size={18} />
                {t('nav.profile')}
              </Link>
            </li>
            {installApp.offer !== 'none' ? (
              <li>
                <button
                  type="button"
                  className="user-menu__item"
                  onClick={() => {
                    setOpen(false);
                    void installApp.install();
                  }}
                >
                  <Icon name="home" size={18} />
                  {t('install.app')}
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" className="user-menu__item" onClick={() => void onSignOut()} disabled={leaving}>
                <Icon name="logout" size={18} />
                {t('userMenu.signOut')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {installApp.help}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('userMenu.confirmTitle')}
        size="sm"
        // Worked out only when asked: a count's plural builds the page's first Intl.PluralRules, which costs a start-up render.
        description={confirming !== null ? t('userMenu.confirmText', { count: confirming }) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('userMenu.stay')}
            </Button>
            <Button variant="danger" onClick={() => void finishSignOut()}>
              {t('userMenu.signOutAnyway')}
            </Button>
          </>
        }
      >
        <p>{t('userMenu.confirmHint')}</p>
      </Dialog>
    </div>
  );
}
