/** Storage on this device: the profile page's card (usage, quota, persistent or not, and what to do). */
export { StorageCard } from './StorageCard';
