import { Link, createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../auth/guards';
import { Brand } from '../components/layout/Brand';
import { Icon, type IconName } from '../components/icons';
import { usePageTitle } from '../lib/page-title';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/message-ids';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  component: LandingPage,
});

/** The landing page's words are in `common`: it is a first screen (shared/i18n/README.md). */
const FEATURES: { icon: IconName; title: MessageId; text: MessageId }[] = [
  { icon: 'calendar', title: 'landing.feature.calendar.title', text: 'landing.feature.calendar.text' },
  { icon: 'broom', title: 'landing.feature.housekeeping.title', text: 'landing.feature.housekeeping.text' },
  { icon: 'users', title: 'landing.feature.guests.title', text: 'landing.feature.guests.text' },
  { icon: 'layers', title: 'landing.feature.offline.title', text: 'landing.feature.offline.text' },
];

function LandingPage() {
  const t = useT();
  usePageTitle(undefined);
  return (
    <div className="landing">
      <header className="landing__top">
        <Brand />
        <nav aria-label={t('landing.nav')} className="landing__nav">
          <Link to="/login" className="btn btn--ghost btn--md">
            <span>{t('auth.signIn.title')}</span>
          </Link>
          <Link to="/register" className="btn btn--primary btn--md">
            <span>{t('landing.register')}</span>
          </Link>
        </nav>
      </header>
      <main id="main">
        <section className="landing__hero">
          <h1>{t('landing.title')}</h1>
          <p className="landing__lead">{t('landing.lead')}</p>
          <div className="landing__cta">
            <Link to="/register" className="btn btn--primary btn--lg">
              <span>{t('landing.createAccount')}</span>
            </Link>
            <Link to="/login" className="btn btn--secondary btn--lg">
              <span>{t('auth.signIn.title')}</span>
            </Link>
          </div>
        </section>
        <section className="landing__features" aria-labelledby="features-title">
          <h2 id="features-title" className="visually-hidden">
            {t('landing.featuresTitle')}
          </h2>
          <ul>
            {FEATURES.map((f) => (
              <li key={f.title} className="feature">
                <span className="feature__icon">
                  <Icon name={f.icon} size={22} />
                </span>
                <h3>{t(f.title)}</h3>
                <p>{t(f.text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing__footer">
        <p>{t('landing.footer')}</p>
      </footer>
    </div>
  );
}
