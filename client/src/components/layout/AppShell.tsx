/**
 * The frame of each signed-in area: navigation to every child page, the notification bell and
 * the user menu. Host and admin: a sidebar on wide screens, an icon rail on tablets, a drawer on
 * phones. Staff (phone-first): a bottom tab bar on phones, the sidebar on larger screens. The
 * sync status sits in the top bar of every area.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import type { SessionUser } from '../../auth/session';
import { Icon } from '../icons';
import { Tooltip } from '../ui/Tooltip';
import { Brand } from './Brand';
import { useHydrated } from '../../sync/sync-context';
import { NotificationBell } from '../../features/notifications';
import { AppBadge } from '../../features/badge';
import { DemoBanner, FirstSyncProgress, SyncStatus, useFirstSyncRunning } from './SyncStatus';
import './first-sync.css';
import { UserMenu } from './UserMenu';
import type { NavItem } from './nav';
import type { MessageId } from '../../i18n';
import { useT } from '../../i18n/use-t';

type Area = 'admin' | 'host' | 'staff';

const AREA_LABEL: Record<Area, MessageId> = { admin: 'shell.area.admin', host: 'shell.area.host', staff: 'shell.area.staff' };

function NavLinks({ items, onNavigate, rail = false }: { items: readonly NavItem[]; onNavigate?: () => void; rail?: boolean }) {
  const t = useT();
  return (
    <ul className="nav">
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="nav__link" activeProps={{ className: 'nav__link--active', 'aria-current': 'page' }} onClick={onNavigate} title={rail ? t(item.labelId) : undefined}>
            <Icon name={item.icon} />
            <span className="nav__label">{t(item.labelId)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function AppShell({ area, nav, user, profilePath }: { area: Area; nav: readonly NavItem[]; user: SessionUser; profilePath: NonNullable<LinkProps['to']> }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hydrated = useHydrated();
  const firstSync = useFirstSyncRunning(hydrated);
  const t = useT();

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    if (drawerOpen && !drawer.open) drawer.showModal();
    if (!drawerOpen && drawer.open) drawer.close();
  }, [drawerOpen]);

  // Moving to another page closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className={`shell shell--${area}${firstSync ? ' shell--first-sync' : ''}`}>
      <aside className="shell__sidebar" aria-label={t('shell.areaNavigation', { area: t(AREA_LABEL[area]) })}>
        <Link to="/" className="shell__brand brand-link" aria-label={t('shell.home')}>
          <Brand />
        </Link>
        <p className="shell__area">{t(AREA_LABEL[area])}</p>
        <nav aria-label={t('shell.mainNavigation')}>
          <NavLinks items={nav} rail />
        </nav>
      </aside>

      <dialog ref={drawerRef} className="drawer" aria-label={t('shell.menu')} onClose={() => setDrawerOpen(false)} onClick={(e) => e.target === drawerRef.current && setDrawerOpen(false)}>
        <div className="drawer__panel">
          <div className="drawer__head">
            <Brand />
            <button type="button" className="icon-btn" aria-label={t('shell.closeMenu')} onClick={() => setDrawerOpen(false)}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label={t('shell.mainNavigation')}>
            <NavLinks items={nav} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </div>
      </dialog>

      <div className="shell__main">
        <header className="topbar">
          <Tooltip content={t('shell.menu')} side="bottom">
            <button type="button" className="icon-btn topbar__menu" aria-label={t('shell.openMenu')} onClick={() => setDrawerOpen(true)}>
              <Icon name="menu" />
            </button>
          </Tooltip>
          <Link to="/" className="topbar__brand brand-link" aria-label={t('shell.home')}>
            <Brand />
          </Link>
          <div className="topbar__spacer" />
          <SyncStatus />
          <NotificationBell userId={user.ID} />
          <AppBadge user={user} />
          <UserMenu user={user} profilePath={profilePath} />
        </header>
        <DemoBanner />
        <FirstSyncProgress hydrated={hydrated} />
        <main className="shell__content" id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>

      {area === 'staff' ? (
        <nav className="tabbar" aria-label={t('shell.sections')}>
          <NavLinks items={nav} />
        </nav>
      ) : null}
    </div>
  );
}
