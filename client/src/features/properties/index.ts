/** Properties: the host's list and a property's own page. */
export { HostPropertiesPage } from './PropertiesPage';
export { PropertyDetailPage } from './PropertyDetailPage';
