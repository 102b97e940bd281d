/** Finances, the page of routes/_host/host.finances.tsx. */
export { HostFinancesPage } from './FinancesPage';
