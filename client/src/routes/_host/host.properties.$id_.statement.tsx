import { createFileRoute } from '@tanstack/react-router';
import { matching, searchOf } from '../../lib/search-params';
import { MONTH_PATTERN } from '../../../../shared/dates';
import { OwnerStatementPage } from '../../features/statements';

/** The current month, `YYYY-MM`, as the default of the page. */
function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

export const Route = createFileRoute('/_host/host/properties/$id_/statement')({
  validateSearch: searchOf({ month: matching(MONTH_PATTERN) }),
  component: StatementRoute,
});

function StatementRoute() {
  const { id } = Route.useParams();
  const { month } = Route.useSearch();
  return <OwnerStatementPage propertyId={id} month={month ?? thisMonth()} />;
}
