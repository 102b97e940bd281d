/**
 * The rest of the demo platform around the demo host: a dozen more hosts across the tiers (one
 * suspended, one that cancelled), each with a few properties and bookings, and the PayPal
 * subscriptions and payments of the last months, so that the admin pages show real figures before
 * any provider is connected. It draws from its own PRNG, after the demo host's rows are made, so
 * that the three demo accounts see exactly what they saw before it existed.
 *
 * Dates are day offsets from today (monthly payments every 30 days), so that the generator's rows
 * shift with today as a whole (shared/demo/generate.test.ts).
 */
import type * as t from '../schema/tables';
import { addDays } from '../dates';
import { deriveGuests } from '../guests';
import { commissionCents, DEFAULT_CURRENCY, fromCents, roundCents, toCents } from '../money';
import { DEMO_TIERS } from './catalog';
import type { Random } from './random';

type Stored<T extends { $inferSelect: Record<string, unknown> }> = Omit<T['$inferSelect'], 'version' | 'updated_at' | 'deleted_at'>;

export type DemoPaypalSubscription = Stored<typeof t.paypalSubscriptions>;
export type DemoPaypalPayment = Stored<typeof t.paypalPayments>;

type PropertyLine = readonly [name: string, type: 'apartment' | 'house', address: string, timezone: string, lat: number, lng: number, bedrooms: number, price: number];

type OtherHost = {
  key: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  tier: 'basic' | 'pro' | 'enterprise';
  cycle: 'monthly' | 'yearly';
  /** Days since the host registered (and subscribed). */
  joined: number;
  /** suspended: the account and its subscription are suspended; cancelled: the subscription ended this many days ago. */
  suspended?: number;
  cancelled?: number;
  properties: readonly PropertyLine[];
};

/** Twelve hosts: four basic, five pro, three enterprise; two of them joined this past fortnight. */
export const DEMO_OTHER_HOSTS: readonly OtherHost[] = [
  {
    key: 'maya',
    name: 'Maya Patel',
    email: 'maya.patel@example.net',
    company: 'Coastline Retreats',
    phone: '+1 619-555-0142',
    tier: 'pro',
    cycle: 'monthly',
    joined: 210,
    properties: [
      ['Pacific Beach Bungalow', 'house', '4120 Mission Blvd, San Diego, CA 92109, USA', 'America/Los_Angeles', 32.7926, -117.2536, 2, 240],
      ['La Jolla Cove Studio', 'apartment', '1250 Prospect St, La Jolla, CA 92037, USA', 'America/Los_Angeles', 32.8478, -117.2731, 1, 165],
      ['Little Italy Loft', 'apartment', '1655 India St, San Diego, CA 92101, USA', 'America/Los_Angeles', 32.7224, -117.1687, 1, 150],
    ],
  },
  {
    key: 'lucas',
    name: 'Lucas Moreau',
    email: 'lucas.moreau@example.net',
    company: 'Moreau Maisons',
    phone: '+33 4 93 55 01 20',
    tier: 'enterprise',
    cycle: 'yearly',
    joined: 320,
    properties: [
      ['Promenade Sea View Flat', 'apartment', '85 Promenade des Anglais, 06000 Nice, France', 'Europe/Paris', 43.6946, 7.2553, 2, 210],
      ['Vieux Nice Duplex', 'apartment', '12 Rue Droite, 06300 Nice, France', 'Europe/Paris', 43.6986, 7.2767, 2, 180],
      ['Presqu’île Canal Apartment', 'apartment', '8 Rue Mercière, 69002 Lyon, France', 'Europe/Paris', 45.764, 4.8335, 1, 120],
      ['Provence Stone Farmhouse', 'house', 'Chemin des Oliviers, 84220 Gordes, France', 'Europe/Paris', 43.9116, 5.2, 4, 390],
    ],
  },
  {
    key: 'sofia',
    name: 'Sofia Rossi',
    email: 'sofia.rossi@example.net',
    company: 'Trastevere Homes',
    phone: '+39 06 5550 1188',
    tier: 'basic',
    cycle: 'monthly',
    joined: 160,
    properties: [['Trastevere Terrace Flat', 'apartment', 'Via della Lungaretta 40, 00153 Roma, Italy', 'Europe/Rome', 41.8893, 12.4703, 1, 135]],
  },
  {
    key: 'james',
    name: 'James Okafor',
    email: 'james.okafor@example.net',
    company: 'Okafor Lofts',
    phone: '+44 20 7946 0311',
    tier: 'basic',
    cycle: 'monthly',
    joined: 95,
    properties: [['Shoreditch Warehouse Loft', 'apartment', '22 Rivington St, London EC2A 3DU, UK', 'Europe/London', 51.5265, -0.0787, 2, 195]],
  },
  {
    key: 'emma',
    name: 'Emma Schmidt',
    email: 'emma.schmidt@example.net',
    company: 'Alpine Chalets',
    phone: '+41 27 555 07 40',
    tier: 'enterprise',
    cycle: 'monthly',
    joined: 250,
    properties: [
      ['Matterhorn View Chalet', 'house', 'Riedweg 14, 3920 Zermatt, Switzerland', 'Europe/Zurich', 46.0207, 7.7491, 4, 520],
      ['Zermatt Village Apartment', 'apartment', 'Bahnhofstrasse 30, 3920 Zermatt, Switzerland', 'Europe/Zurich', 46.0226, 7.7475, 2, 260],
      ['Verbier Ski Lodge', 'house', 'Route de Médran 9, 1936 Verbier, Switzerland', 'Europe/Zurich', 46.0961, 7.2286, 3, 430],
    ],
  },
  {
    key: 'noah',
    name: 'Noah Kim',
    email: 'noah.kim@example.net',
    company: 'Han River Stays',
    phone: '+82 2-555-0170',
    tier: 'pro',
    cycle: 'monthly',
    joined: 12,
    properties: [
      ['Yeouido Riverside Suite', 'apartment', '84 Yeouidong-ro, Yeongdeungpo-gu, Seoul, South Korea', 'Asia/Seoul', 37.5259, 126.9246, 1, 140],
      ['Bukchon Hanok House', 'house', '31 Bukchon-ro 11-gil, Jongno-gu, Seoul, South Korea', 'Asia/Seoul', 37.5826, 126.9835, 2, 230],
    ],
  },
  {
    key: 'olivia',
    name: 'Olivia Brown',
    email: 'olivia.brown@example.net',
    company: 'Brown Cottages',
    phone: '+1 802-555-0133',
    tier: 'basic',
    cycle: 'monthly',
    joined: 140,
    suspended: 25,
    properties: [['Green Mountain Cottage', 'house', '18 Maple Hill Rd, Stowe, VT 05672, USA', 'America/New_York', 44.4654, -72.6874, 2, 175]],
  },
  {
    key: 'liam',
    name: "Liam O'Connor",
    email: 'liam.oconnor@example.net',
    company: 'Harbour View Lets',
    phone: '+353 1 555 0190',
    tier: 'pro',
    cycle: 'monthly',
    joined: 180,
    cancelled: 35,
    properties: [
      ['Grand Canal Dock Apartment', 'apartment', '3 Hanover Quay, Dublin 2, D02 XY45, Ireland', 'Europe/Dublin', 53.3434, -6.2393, 2, 185],
      ['Howth Harbour Cottage', 'house', '7 Abbey St, Howth, Co. Dublin, Ireland', 'Europe/Dublin', 53.3876, -6.0653, 2, 160],
    ],
  },
  {
    key: 'ana',
    name: 'Ana Souza',
    email: 'ana.souza@example.net',
    company: 'Rio Beach Flats',
    phone: '+55 21 5555-0123',
    tier: 'pro',
    cycle: 'monthly',
    joined: 120,
    properties: [
      ['Ipanema Beachfront Flat', 'apartment', 'Av. Vieira Souto 200, Ipanema, Rio de Janeiro, Brazil', 'America/Sao_Paulo', -22.9868, -43.2048, 2, 170],
      ['Santa Teresa Villa', 'house', 'Rua Almirante Alexandrino 1200, Rio de Janeiro, Brazil', 'America/Sao_Paulo', -22.9212, -43.1882, 3, 220],
    ],
  },
  {
    key: 'yuki',
    name: 'Yuki Sato',
    email: 'yuki.sato@example.net',
    company: 'Sapporo Snow Lodges',
    phone: '+81 11-555-0155',
    tier: 'basic',
    cycle: 'monthly',
    joined: 4,
    properties: [['Niseko Powder Cabin', 'house', '167-6 Yamada, Kutchan, Hokkaido 044-0081, Japan', 'Asia/Tokyo', 42.8606, 140.6988, 2, 280]],
  },
  {
    key: 'david',
    name: 'David Cohen',
    email: 'david.cohen@example.net',
    company: 'Cohen Urban Suites',
    phone: '+1 212-555-0177',
    tier: 'enterprise',
    cycle: 'monthly',
    joined: 290,
    properties: [
      ['SoHo Cast-Iron Loft', 'apartment', '101 Greene St, New York, NY 10012, USA', 'America/New_York', 40.7246, -73.9995, 2, 350],
      ['Williamsburg Garden Duplex', 'apartment', '212 N 6th St, Brooklyn, NY 11211, USA', 'America/New_York', 40.7178, -73.9573, 2, 260],
      ['Upper West Side Brownstone', 'house', '47 W 87th St, New York, NY 10024, USA', 'America/New_York', 40.7872, -73.9716, 4, 480],
    ],
  },
  {
    key: 'amara',
    name: 'Amara Nwosu',
    email: 'amara.nwosu@example.net',
    company: 'Savannah Porches',
    phone: '+1 912-555-0118',
    tier: 'pro',
    cycle: 'monthly',
    joined: 65,
    properties: [
      ['Jones Street Carriage House', 'house', '21 W Jones St, Savannah, GA 31401, USA', 'America/New_York', 32.0735, -81.0948, 1, 155],
      ['Forsyth Park Parlor Suite', 'apartment', '15 E Gaston St, Savannah, GA 31401, USA', 'America/New_York', 32.0696, -81.0932, 2, 190],
    ],
  },
];

/** Guests of the other hosts' stays (the demo host's guest pool stays its own). */
const GUESTS = [
  ['Chloe Martin', 'chloe.martin@example.org'],
  ['Mateo Garcia', 'mateo.garcia@example.org'],
  ['Priya Nair', 'priya.nair@example.org'],
  ['Oliver Smith', 'oliver.smith@example.org'],
  ['Hannah Müller', 'hannah.mueller@example.org'],
  ['Ethan Wright', 'ethan.wright@example.org'],
  ['Isabella Conti', 'isabella.conti@example.org'],
  ['Kenji Watanabe', 'kenji.watanabe@example.org'],
  ['Zoe Fischer', 'zoe.fischer@example.org'],
  ['Samuel Lee', 'samuel.lee@example.org'],
  ['Fatima Haddad', 'fatima.haddad@example.org'],
  ['Lucas Silva', 'lucas.silva@example.org'],
] as const;

const SOURCES = ['airbnb', 'booking.com', 'vrbo', 'direct'] as const;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Monthly payments are this many days apart; only this many days of history are made. */
const BILLING_DAYS = 30;
const PAYMENT_HISTORY_DAYS = 185;

export type PlatformRows = {
  users: Omit<Stored<typeof t.users>, 'password_hash' | 'totp_secret_enc' | 'totp_enabled' | 'totp_last_step'>[];
  host_profiles: Stored<typeof t.hostProfiles>[];
  display_settings: Stored<typeof t.displaySettings>[];
  properties: Stored<typeof t.properties>[];
  bookings: Stored<typeof t.bookings>[];
  guests: Stored<typeof t.guests>[];
  paypal_subscriptions: DemoPaypalSubscription[];
  paypal_payments: DemoPaypalPayment[];
};

function planName(tier: string, cycle: string): string {
  return `${tier.charAt(0).toUpperCase()}${tier.slice(1)} ${cycle === 'yearly' ? 'Yearly' : 'Monthly'}`;
}

/**
 * The other hosts' rows for `today`. `id` derives ids from the seed; `rnd` is this part's own
 * PRNG; `counters` is generate.ts's host profile counter rule.
 */
export function platformRows(
  today: string,
  rnd: Random,
  id: (name: string) => string,
  counters: (
    properties: readonly Pick<Stored<typeof t.properties>, 'status'>[],
    bookings: readonly Pick<Stored<typeof t.bookings>, 'booking_status' | 'total_amount'>[],
  ) => { properties_count: number; total_bookings: number; total_revenue: number },
): PlatformRows {
  const day = (offset: number) => addDays(today, offset);
  const at = (offset: number, hhmm: string) => `${day(offset)}T${hhmm}:00.000Z`;
  const code = (len: number) => Array.from({ length: len }, () => ALNUM.charAt(rnd.int(0, ALNUM.length - 1))).join('');
  const pad2 = (n: number) => String(n).padStart(2, '0');
  const out: PlatformRows = { users: [], host_profiles: [], display_settings: [], properties: [], bookings: [], guests: [], paypal_subscriptions: [], paypal_payments: [] };

  for (const host of DEMO_OTHER_HOSTS) {
    const tier = DEMO_TIERS.find((x) => x.key === host.tier);
    if (!tier) throw new Error(`No demo tier ${host.tier}`);
    const userId = id(`user:host:${host.key}`);
    const profileId = id(`host_profile:${host.key}`);
    const timezone = host.properties[0]?.[3] ?? 'UTC';
    out.users.push({ ID: userId, Name: host.name, Email: host.email, Role: 'host', CreateTime: at(-host.joined, '10:02'), setupCompleted: true });
    out.display_settings.push({ id: id(`display:host:${host.key}`), user_id: userId, timezone, dateFormat: 'MM/DD/YYYY', timeFormat: '12h', use24Hour: false, language: null });

    const properties = host.properties.map(([name, type, address, tz, lat, lng, bedrooms, price], i): Stored<typeof t.properties> => ({
      id: id(`property:${host.key}:${i}`),
      host_id: profileId,
      property_name: name,
      property_type: type,
      address,
      latitude: lat,
      longitude: lng,
      bedrooms,
      bathrooms: Math.max(1, bedrooms - 1),
      max_guests: bedrooms * 2,
      base_price: price,
      currency: DEFAULT_CURRENCY,
      description: `${name}: ${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}, run by ${host.company}.`,
      amenities: ['WiFi', 'Kitchen', ...(bedrooms > 2 ? ['Parking'] : [])],
      images: [],
      ota_listings: {},
      status: 'active',
      timezone: tz,
      access_notes: '',
      ical_export_url: null,
      ical_export_token: null,
      created_date: at(-host.joined + 1 + i * 3, '11:20'),
    }));
    out.properties.push(...properties);

    // Stays from the day after the property was listed (at most 60 days back) to 45 days ahead.
    const bookings: Stored<typeof t.bookings>[] = [];
    properties.forEach((property, i) => {
      let cursor = Math.max(-60, -host.joined + 2 + i * 3) + rnd.int(0, 6);
      let n = 0;
      while (cursor + 2 <= 45 && n < 5) {
        const nights = rnd.int(2, 5);
        const [guestName, guestEmail] = rnd.pick(GUESTS);
        const totalCents = roundCents((nights * toCents(property.base_price) * (100 + rnd.int(-5, 12))) / 100);
        const commission = commissionCents(totalCents, tier.commission_rate);
        const cancelled = rnd.chance(0.1);
        const past = cursor + nights <= 0;
        n += 1;
        bookings.push({
          id: id(`booking:${host.key}:${i}:${n}`),
          property_id: property.id,
          host_id: profileId,
          guest_name: guestName,
          guest_email: guestEmail,
          guest_phone: '',
          check_in_date: day(cursor),
          check_out_date: day(cursor + nights),
          guests_count: rnd.int(1, property.max_guests),
          booking_source: rnd.pick(SOURCES),
          booking_reference: `SK-${code(6)}`,
          currency: property.currency,
          total_amount: fromCents(totalCents),
          commission_amount: fromCents(commission),
          net_amount: fromCents(totalCents - commission),
          booking_status: cancelled ? 'cancelled' : past ? 'completed' : 'confirmed',
          payment_status: cancelled ? 'refunded' : past || rnd.chance(0.6) ? 'paid' : 'pending',
          special_requests: '',
          external_uid: null,
          created_date: at(Math.min(cursor - rnd.int(3, 30), 0), `${pad2(rnd.int(7, 21))}:${pad2(rnd.int(0, 59))}`),
        });
        cursor += nights + rnd.int(1, 12);
      }
    });
    out.bookings.push(...bookings);

    const propertiesById = new Map(properties.map((p) => [p.id, p]));
    for (const g of deriveGuests(bookings, propertiesById, today)) {
      const own = bookings.filter((b) => b.guest_email === g.guest_email).map((b) => b.created_date ?? '').sort();
      out.guests.push({
        id: id(`guest:${host.key}:${g.guest_email}`),
        ...g,
        verified_status: bookings.some((b) => b.guest_email === g.guest_email && b.booking_status !== 'cancelled' && b.booking_source !== 'direct'),
        country: '',
        created_date: own[0] ?? null,
        updated_date: own[own.length - 1] ?? null,
      });
    }

    const subscriptionStatus = host.suspended !== undefined ? 'SUSPENDED' : host.cancelled !== undefined ? 'CANCELLED' : 'ACTIVE';
    out.host_profiles.push({
      id: profileId,
      user_id: userId,
      email: host.email,
      company_name: host.company,
      phone_number: host.phone,
      address: host.properties[0]?.[2] ?? '',
      subscription_tier: host.tier,
      subscription_status: subscriptionStatus.toLowerCase(),
      commission_rate: tier.commission_rate,
      ...counters(properties, bookings),
      account_status: host.suspended !== undefined ? 'suspended' : host.cancelled !== undefined ? 'inactive' : 'active',
      verification_documents: host.suspended !== undefined ? { identity_document: 'rejected' } : { identity_document: 'verified' },
      created_date: at(-host.joined, '10:05'),
    });

    // The subscription, and a payment per billing cycle up to today (or until it stopped).
    const subscriptionExt = `I-${code(12)}`;
    out.paypal_subscriptions.push({
      id: id(`paypal_subscription:${host.key}`),
      paypal_subscription_id: subscriptionExt,
      user_id: userId,
      tier_id: id(`tier:${host.tier}`),
      billing_cycle: host.cycle,
      plan_name: planName(host.tier, host.cycle),
      subscription_status: subscriptionStatus,
      start_time: at(-host.joined, '10:06'),
      created_at: at(-host.joined, '10:05'),
    });
    const stoppedAt = -(host.suspended ?? host.cancelled ?? 0);
    const step = host.cycle === 'yearly' ? 365 : BILLING_DAYS;
    const dues: number[] = [];
    // Up to yesterday: a payment later today would be in the future.
    for (let due = -host.joined; due <= Math.min(stoppedAt, -1); due += step) if (due >= -PAYMENT_HISTORY_DAYS || host.cycle === 'yearly') dues.push(due);
    dues.forEach((due, k) => {
      const last = k === dues.length - 1;
      // The last payment before a suspension was denied, and the cancelling host's last one refunded.
      const status = last && host.suspended !== undefined ? 'DENIED' : last && host.cancelled !== undefined ? 'REFUNDED' : 'COMPLETED';
      const time = at(due, `${pad2(rnd.int(0, 23))}:${pad2(rnd.int(0, 59))}`);
      out.paypal_payments.push({
        id: id(`paypal_payment:${host.key}:${k}`),
        paypal_payment_id: `PAYID-${code(16)}`,
        paypal_subscription_id: subscriptionExt,
        amount: host.cycle === 'yearly' ? tier.yearly_price : tier.monthly_price,
        currency_code: 'USD',
        payment_status: status,
        transaction_id: `${rnd.int(1, 9)}${code(16)}`,
        payment_time: time,
        webhook_event_id: `WH-${code(12)}`,
        created_at: time,
      });
    });
  }
  out.paypal_payments.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0) || (a.id < b.id ? -1 : 1));
  return out;
}
