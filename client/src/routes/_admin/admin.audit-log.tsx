import { createFileRoute } from '@tanstack/react-router';
import { AdminAuditLogPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/audit-log')({
  component: AdminAuditLogPage,
});
