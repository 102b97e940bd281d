/**
 * The page of a property the URL names that does not exist or is not the host's, with the way back
 * to the list: the property page's and its owner statement's.
 */
import { Link } from '@tanstack/react-router';
import { Page } from './layout/Page';
import { EmptyState } from './ui/States';

export function PropertyNotFound({ title }: { title: string }) {
  return (
    <Page title={title}>
      <EmptyState
        title="This property does not exist or is not yours"
        action={
          <Link to="/host/properties" className="btn btn--secondary btn--md">
            <span>Back to properties</span>
          </Link>
        }
      />
    </Page>
  );
}
