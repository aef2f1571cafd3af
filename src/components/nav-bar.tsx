import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../api/users.ts';
import { isAdmin } from '../features/auth/roles.ts';
import { ru } from '../i18n/ru.ts';

const t = ru.nav;

type NavPath = '/forecasts' | '/models' | '/datasets' | '/upload' | '/generate-model' | '/generate-forecast' | '/jobs' | '/verification';

interface NavItem {
  to: NavPath;
  label: string;
  adminOnly: boolean;
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/forecasts', label: t.forecasts, adminOnly: false },
  { to: '/models', label: t.models, adminOnly: false },
  { to: '/datasets', label: t.datasets, adminOnly: false },
  { to: '/verification', label: ru.verification.navLink, adminOnly: false },
  { to: '/upload', label: t.upload, adminOnly: true },
  { to: '/generate-model', label: t.generateModel, adminOnly: true },
  { to: '/generate-forecast', label: t.generateForecast, adminOnly: true },
  { to: '/jobs', label: ru.jobsList.title, adminOnly: true },
];

export interface NavBarProps {
  /** Null when the user could not be fetched: the bar is then not shown at all. */
  user: CurrentUser | null;
  onSignOut: () => void;
}

/** The dark 64px top bar of signed-in pages: logo, section links for the user's role, sign-out. */
export function NavBar({ user, onSignOut }: NavBarProps) {
  if (!user) return null;
  const admin = isAdmin(user);
  return (
    <header className="top-bar">
      <Link to="/" className="top-bar__brand" aria-label={t.home}>
        <img src="/logo.svg" alt="" width={36} height={36} />
        <span className="top-bar__title">{ru.app.title}</span>
      </Link>
      <nav className="top-bar__nav" aria-label={t.mainMenu}>
        {NAV_ITEMS.filter((item) => admin || !item.adminOnly).map((item) => (
          <Link key={item.to} to={item.to} className="top-bar__link" activeProps={{ className: 'is-active' }}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="top-bar__account">
        <Link to="/account" className="top-bar__user" title={`${user.email}. ${ru.account.openAccount}`}>
          {user.username}
        </Link>
        <button type="button" className="button button--ghost" onClick={onSignOut}>
          {t.signOut}
        </button>
      </div>
    </header>
  );
}
