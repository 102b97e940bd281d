/**
 * The fake Tokeet on its own, for a local demo: `npx tsx server/src/integrations/tokeet/fake/main.ts`.
 * Add its origin to INTEGRATION_ALLOWED_ORIGINS and save it as the sandbox base URL on /admin/tokeet.
 */
import { dayStamp, startFakeTokeet } from './server';

const fake = await startFakeTokeet();
const today = new Date().toISOString().slice(0, 10);
const plus = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
fake.account.rentals.push({ pkey: 'rental-demo-1', name: 'Harbour Loft', type: 'apartment', bedrooms: 2, sleep_max: 4, currency: 'EUR' });
fake.account.bookings.push({
  pkey: 'inq-demo-1',
  rental_id: 'rental-demo-1',
  guest_arrive: dayStamp(plus(3)),
  guest_depart: dayStamp(plus(6)),
  booked: Math.floor(Date.now() / 1000),
  source: 'tokeet',
  guest_details: { name: 'Demo Guest', emails: ['guest@example.com'] },
  num_adults: 2,
  total_cost: 420,
  currency: 'EUR',
});
console.log(`Fake Tokeet at ${fake.origin}`);
console.log(`client id ${fake.clientId}, secret ${fake.clientSecret}, partner id ${fake.partnerId}, partner e-mail ${fake.partnerEmail}`);
