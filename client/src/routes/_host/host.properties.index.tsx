import { createFileRoute } from '@tanstack/react-router';
import { HostPropertiesPage } from '../../features/properties';

export const Route = createFileRoute('/_host/host/properties/')({
  component: HostPropertiesPage,
});
