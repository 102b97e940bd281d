/**
 * The page of a property the URL names that does not exist or is not the host's, with the way back
 * to the list: the property page's and its owner statement's.
 */
import { Link } from '@tanstack/react-router';
import { Page } from './layout/Page';
import { EmptyState } from './ui/States';
import { useT } from '../i18n/use-t';

export function PropertyNotFound({ title }: { title: string }) {
  const t = useT();
  return (
    <Page title={title}>
      <EmptyState
        title={t('property.notFound')}
        action={
          <Link to="/host/properties" className="btn btn--secondary btn--md">
            <span>{t('property.backToList')}</span>
          </Link>
        }
      />
    </Page>
  );
}
