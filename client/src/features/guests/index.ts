/** Guests, the page of routes/_host/host.guests.tsx. */
export { HostGuestsPage } from './GuestsPage';
