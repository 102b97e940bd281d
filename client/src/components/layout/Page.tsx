import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';

/** A page inside an area: its heading (also the document title), a line of context, actions. */
export function Page({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {description ? <p className="page__description">{description}</p> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}
