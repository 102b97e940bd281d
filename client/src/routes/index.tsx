import { Link, createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../auth/guards';
import { Brand } from '../components/layout/Brand';
import { Icon, type IconName } from '../components/icons';
import { usePageTitle } from '../lib/page-title';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  component: LandingPage,
});

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  { icon: 'calendar', title: 'Every booking in one calendar', text: 'Airbnb, Booking.com, Vrbo and direct stays side by side, kept in step through calendar sync.' },
  { icon: 'broom', title: 'Housekeeping that runs itself', text: 'Turnover tasks with checklists, assigned to your staff, with alerts for urgent and overdue work.' },
  { icon: 'users', title: 'Guests and finances', text: 'Guest history, VIPs, revenue, commission and payouts per property, always up to date.' },
  { icon: 'layers', title: 'Works without signal', text: 'Install it on a phone or tablet; your team keeps working offline and it syncs when back online.' },
];

function LandingPage() {
  usePageTitle(undefined);
  return (
    <div className="landing">
      <header className="landing__top">
        <Brand />
        <nav aria-label="Account" className="landing__nav">
          <Link to="/login" className="btn btn--ghost btn--md">
            <span>Sign in</span>
          </Link>
          <Link to="/register" className="btn btn--primary btn--md">
            <span>Register</span>
          </Link>
        </nav>
      </header>
      <main id="main">
        <section className="landing__hero">
          <h1>Run your short-term rentals from one place</h1>
          <p className="landing__lead">
            Staykeep brings your properties, bookings from the travel sites, guests, calendars and housekeeping together, on a tablet
            or a phone, with or without signal.
          </p>
          <div className="landing__cta">
            <Link to="/register" className="btn btn--primary btn--lg">
              <span>Create a host account</span>
            </Link>
            <Link to="/login" className="btn btn--secondary btn--lg">
              <span>Sign in</span>
            </Link>
          </div>
        </section>
        <section className="landing__features" aria-labelledby="features-title">
          <h2 id="features-title" className="visually-hidden">
            What Staykeep does
          </h2>
          <ul>
            {FEATURES.map((f) => (
              <li key={f.title} className="feature">
                <span className="feature__icon">
                  <Icon name={f.icon} size={22} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing__footer">
        <p>Staykeep · for hosts, their housekeepers and the platform team</p>
      </footer>
    </div>
  );
}
