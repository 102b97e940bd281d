/** Owner statements: a property's month for its owner, as a printable page with CSV and PDF downloads. */
export { OwnerStatementPage } from './OwnerStatementPage';
