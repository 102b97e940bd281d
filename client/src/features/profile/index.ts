/** The profile page every area shares (routes/_host, _staff and _admin profile routes). */
export { ProfilePage } from './ProfilePage';
