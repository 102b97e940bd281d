import { createFileRoute } from '@tanstack/react-router';
import { HostPropertiesPage } from '../../features/host/PropertiesPage';

export const Route = createFileRoute('/_host/host/properties/')({
  component: HostPropertiesPage,
});
