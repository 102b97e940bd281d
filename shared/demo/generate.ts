/**
 * The demo data generator: one pure function used by the server seed and by the client's no-server
 * demo (docs/decisions.md "Online only or through the outbox"). No I/O and no clock: every date is
 * an offset from the given `today`, every random choice comes from a PRNG seeded by `seed`, and
 * every id is derived from the seed and a name. The random draws never depend on `today`, so two
 * calls with the same seed make the same rows with the dates shifted.
 */
import type * as t from '../schema/tables';
import type { ChecklistItem } from '../schema/tables';
import { addDays } from '../dates';
import { defaultTurnoverTranslations } from '../turnover-template';
import { commissionCents, COUNTER_CURRENCY, DEFAULT_CURRENCY, fromCents, fromMinor, roundCents, toCents, toMinor } from '../money';
import { deriveGuests, guestKey } from '../guests';
import type { Role } from '../enums';
import { DEMO_ACCOUNTS } from './accounts';
import {
  DEMO_GUESTS,
  DEMO_PROPERTIES,
  DEMO_SETTINGS,
  DEMO_STAFF,
  DEMO_TEMPLATES,
  DEMO_TIERS,
  SPECIAL_REQUESTS,
  type GuestSpec,
  type PropertySpec,
  type TemplateSpec,
} from './catalog';
import { createRandom, demoId, hash128, type Random } from './random';
import { platformRows, type DemoPaypalPayment, type DemoPaypalSubscription } from './platform';

export { DEMO_OTHER_HOSTS } from './platform';
export type { DemoPaypalPayment, DemoPaypalSubscription } from './platform';

/** The seed both the server and the client use, so that their demo rows share ids. */
export const DEMO_SEED = 20_250_101;

/** The tier the demo host is on (pro: commission 12). */
export const DEMO_HOST_TIER = 'pro';

/** Bookings span this many days before and after today. */
export const DEMO_WINDOW_DAYS = 90;

/** Turnover tasks are made for check-outs within this many days of today. */
export const DEMO_TASK_WINDOW_DAYS = 14;

/** A stored row as the generator makes it: everything but the sync columns the writer stamps. */
type Stored<T extends { $inferSelect: Record<string, unknown> }> = Omit<T['$inferSelect'], 'version' | 'updated_at' | 'deleted_at'>;

export type DemoUser = Omit<Stored<typeof t.users>, 'password_hash' | 'totp_secret_enc' | 'totp_enabled' | 'totp_last_step'>;
export type DemoTier = Stored<typeof t.subscriptionTiers>;
export type DemoSetting = Stored<typeof t.platformSettings>;
export type DemoHostProfile = Stored<typeof t.hostProfiles>;
export type DemoDisplaySettings = Stored<typeof t.displaySettings>;
export type DemoProperty = Stored<typeof t.properties>;
export type DemoPropertyAccess = Stored<typeof t.propertyAccess>;
export type DemoStaff = Stored<typeof t.housekeepingStaff>;
export type DemoTemplate = Stored<typeof t.taskTemplates>;
export type DemoBooking = Stored<typeof t.bookings>;
export type DemoGuest = Stored<typeof t.guests>;
export type DemoTask = Stored<typeof t.housekeepingTasks>;
export type DemoMessage = Stored<typeof t.inboxMessages>;

/** Rows per table, keyed by the registry's table names, in an order safe to insert. */
export type DemoData = {
  users: DemoUser[];
  subscription_tiers: DemoTier[];
  platform_settings: DemoSetting[];
  host_profiles: DemoHostProfile[];
  display_settings: DemoDisplaySettings[];
  properties: DemoProperty[];
  property_access: DemoPropertyAccess[];
  housekeeping_staff: DemoStaff[];
  task_templates: DemoTemplate[];
  bookings: DemoBooking[];
  guests: DemoGuest[];
  housekeeping_tasks: DemoTask[];
  inbox_messages: DemoMessage[];
  /** Subscriptions and payments of the other hosts (shared/demo/platform.ts): not synced, server only. */
  paypal_subscriptions: DemoPaypalSubscription[];
  paypal_payments: DemoPaypalPayment[];
};

export const DEMO_TABLES = [
  'users',
  'subscription_tiers',
  'platform_settings',
  'host_profiles',
  'display_settings',
  'properties',
  'property_access',
  'housekeeping_staff',
  'task_templates',
  'bookings',
  'guests',
  'housekeeping_tasks',
  'inbox_messages',
  'paypal_subscriptions',
  'paypal_payments',
] as const satisfies readonly (keyof DemoData)[];

export type DemoOptions = {
  /** The day the demo is built around, as YYYY-MM-DD. */
  today: string;
  seed?: number;
};

/**
 * The host profile counters, over live (non-archived, non-cancelled) rows, as the server keeps
 * them (docs/decisions.md "Ownership and scope").
 */
export function hostProfileCounters(
  properties: readonly Pick<DemoProperty, 'status'>[],
  bookings: readonly (Pick<DemoBooking, 'booking_status' | 'total_amount'> & { currency?: string })[],
): { properties_count: number; total_bookings: number; total_revenue: number } {
  const kept = bookings.filter((b) => b.booking_status !== 'cancelled');
  // Revenue of the bookings priced in COUNTER_CURRENCY only: two currencies are never added.
  const counted = kept.filter((b) => (b.currency ?? DEFAULT_CURRENCY) === COUNTER_CURRENCY);
  return {
    properties_count: properties.filter((p) => p.status !== 'archived').length,
    total_bookings: kept.length,
    total_revenue: fromCents(counted.reduce((sum, b) => sum + toCents(b.total_amount), 0)),
  };
}

// ── Stays ───────────────────────────────────────────────────────────────────────────────────

/** A guest of a stay: one of the pool, or a phone booking that left no e-mail. */
type StayGuest = { pool: number } | { name: string; phone: string };

type Anchor = { in: number; nights: number; cancelled?: boolean; guest?: StayGuest; source?: string };

type Stay = {
  property: PropertySpec;
  in: number;
  out: number;
  cancelled: boolean;
  guest?: StayGuest;
  source?: string;
};

const POOL_BIG_SPENDER = DEMO_GUESTS.findIndex((g) => g.name === 'Charlotte Dubois');
const POOL_CANCELLER = DEMO_GUESTS.findIndex((g) => g.name === 'Henry Adams');

/**
 * Stays that make the demo tell its story whatever the random fill does: a stay in progress in
 * Lisbon, a same-day turnover in Austin today (the housekeeper's work), a long Kyoto stay that
 * makes a VIP by spend, a phone booking without e-mail, and two cancellations.
 */
const ANCHORS: Readonly<Record<string, readonly Anchor[]>> = {
  lisbon: [
    { in: -2, nights: 5 },
    { in: 20, nights: 5, cancelled: true, guest: { pool: POOL_CANCELLER } },
  ],
  austin: [
    { in: -61, nights: 3, cancelled: true },
    // A VIP by spend alone: two weeks in dollars, the currency the spend rule counts (shared/guests.ts).
    { in: -44, nights: 14, guest: { pool: POOL_BIG_SPENDER } },
    { in: -3, nights: 3 },
    { in: 0, nights: 4 },
  ],
  kyoto: [
    { in: 3, nights: 4, source: 'direct', guest: { name: 'Hiroshi Tanaka', phone: '+81 90-8765-4321' } },
  ],
};

/** Random stays in the free days [from, to): 2–7 nights, sometimes back to back. */
function fillStays(rnd: Random, property: PropertySpec, from: number, to: number, stays: Stay[]): void {
  let cursor = from + (from === -DEMO_WINDOW_DAYS ? rnd.int(0, 5) : rnd.chance(0.2) ? 0 : rnd.int(2, 14));
  while (cursor + 2 <= to) {
    const nights = Math.min(rnd.int(2, 7), to - cursor);
    stays.push({ property, in: cursor, out: cursor + nights, cancelled: false });
    cursor += nights + (rnd.chance(0.15) ? 0 : rnd.int(4, 18));
  }
}

function planStays(rnd: Random): Stay[] {
  const stays: Stay[] = [];
  for (const property of DEMO_PROPERTIES) {
    const anchors = [...(ANCHORS[property.key] ?? [])].sort((a, b) => a.in - b.in);
    let free = -DEMO_WINDOW_DAYS;
    for (const a of anchors) {
      fillStays(rnd, property, free, a.in, stays);
      stays.push({ property, in: a.in, out: a.in + a.nights, cancelled: a.cancelled ?? false, guest: a.guest, source: a.source });
      free = a.in + a.nights;
    }
    fillStays(rnd, property, free, DEMO_WINDOW_DAYS, stays);
  }
  return stays.sort((a, b) => a.in - b.in || DEMO_PROPERTIES.indexOf(a.property) - DEMO_PROPERTIES.indexOf(b.property));
}

/**
 * Gives each stay without a fixed guest one from the pool: two regulars come three times, three
 * guests twice, the rest once; nobody is in two places on the same night.
 */
function assignGuests(rnd: Random, stays: Stay[]): void {
  const reserved = new Set([POOL_BIG_SPENDER, POOL_CANCELLER]);
  const pool = rnd.shuffle(DEMO_GUESTS.map((_, i) => i).filter((i) => !reserved.has(i)));
  const repeats = [3, 3, 2, 2, 2];
  const needed = stays.filter((s) => !s.guest).length;
  const singles = Math.max(0, needed - repeats.reduce((a, b) => a + b, 0));
  // Exactly as many places in the queue as stays, so that the regulars do come back.
  const plan = pool.slice(0, repeats.length + singles).flatMap((g, rank) => Array.from({ length: repeats[rank] ?? 1 }, () => g));
  let queue = rnd.shuffle(plan);
  const taken = new Map<number, Stay[]>();
  const fits = (g: number, stay: Stay) => !(taken.get(g) ?? []).some((s) => s.in < stay.out && stay.in < s.out);
  for (const stay of stays) {
    if (!stay.guest) {
      let at = queue.findIndex((g) => fits(g, stay));
      if (at < 0) {
        queue = [...queue, ...rnd.shuffle(pool)];
        at = queue.findIndex((g) => fits(g, stay));
      }
      const g = queue[at];
      if (g === undefined) throw new Error('demo guest pool exhausted');
      queue.splice(at, 1);
      stay.guest = { pool: g };
    }
    if ('pool' in stay.guest && !stay.cancelled) taken.set(stay.guest.pool, [...(taken.get(stay.guest.pool) ?? []), stay]);
  }
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function bookingReference(rnd: Random, source: string, n: number): string {
  const chars = (len: number, alphabet: string) => Array.from({ length: len }, () => alphabet.charAt(rnd.int(0, alphabet.length - 1))).join('');
  switch (source) {
    case 'airbnb':
      return `HM${chars(8, ALNUM)}`;
    case 'booking.com':
      return chars(10, '0123456789');
    case 'vrbo':
      return `HA-${chars(7, ALNUM)}`;
    default:
      return `SK-${String(1000 + n)}`;
  }
}

function resolveGuest(guest: StayGuest | undefined): Pick<GuestSpec, 'name' | 'email' | 'phone'> {
  if (!guest) return { name: 'Guest', email: '', phone: '' };
  if ('pool' in guest) {
    const spec = DEMO_GUESTS[guest.pool];
    if (!spec) throw new Error(`No demo guest ${guest.pool}`);
    return spec;
  }
  return { name: guest.name, email: '', phone: guest.phone };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

// ── The generator ───────────────────────────────────────────────────────────────────────────

export function generateDemoData(options: DemoOptions): DemoData {
  const { today } = options;
  const seed = options.seed ?? DEMO_SEED;
  const rnd = createRandom(seed);
  const id = (name: string) => demoId(seed, name);
  const day = (offset: number) => addDays(today, offset);
  const at = (offset: number, hhmm: string) => `${day(offset)}T${hhmm}:00.000Z`;
  day(0); // A malformed `today` fails here, before any row is made.

  const account = (role: Role) => {
    const found = DEMO_ACCOUNTS.find((a) => a.role === role);
    if (!found) throw new Error(`No demo account with role ${role}`);
    return found;
  };
  const superAccount = account('super_admin');
  const hostAccount = account('host');
  const staffAccount = account('staff');

  const users: DemoUser[] = [
    { ID: id('user:super_admin'), Name: superAccount.name, Email: superAccount.email, Role: 'super_admin', CreateTime: at(-540, '08:00'), setupCompleted: true },
    { ID: id('user:host'), Name: hostAccount.name, Email: hostAccount.email, Role: 'host', CreateTime: at(-400, '09:12'), setupCompleted: true },
    { ID: id('user:staff'), Name: staffAccount.name, Email: staffAccount.email, Role: 'staff', CreateTime: at(-300, '15:40'), setupCompleted: true },
  ];
  const [superUser, hostUser, staffUser] = users as [DemoUser, DemoUser, DemoUser];

  const subscription_tiers: DemoTier[] = DEMO_TIERS.map((tier, i) => ({
    id: id(`tier:${tier.key}`),
    tier_name: tier.key,
    monthly_price: tier.monthly_price,
    yearly_price: tier.yearly_price,
    properties_limit: tier.properties_limit,
    features: [...tier.features],
    commission_rate: tier.commission_rate,
    ota_integrations: tier.ota_integrations,
    support_level: tier.support_level,
    is_active: true,
    sort_order: i + 1,
  }));
  const hostTier = DEMO_TIERS.find((tier) => tier.key === DEMO_HOST_TIER);
  if (!hostTier) throw new Error(`No demo tier ${DEMO_HOST_TIER}`);

  const platform_settings: DemoSetting[] = DEMO_SETTINGS.map((s) => ({ id: id(`setting:${s.setting_key}`), ...s, updated_by: superUser.ID }));

  const hostProfileId = id('host_profile:host');

  const display_settings: DemoDisplaySettings[] = [
    { id: id('display:super_admin'), user_id: superUser.ID, timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '24h', use24Hour: true, language: null },
    { id: id('display:host'), user_id: hostUser.ID, timezone: 'America/Chicago', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', use24Hour: false, language: null },
    { id: id('display:staff'), user_id: staffUser.ID, timezone: 'America/Chicago', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', use24Hour: false, language: null },
  ];

  const properties: DemoProperty[] = DEMO_PROPERTIES.map((p, i) => ({
    id: id(`property:${p.key}`),
    host_id: hostProfileId,
    property_name: p.property_name,
    property_type: p.property_type,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    max_guests: p.max_guests,
    base_price: p.base_price,
    currency: p.currency,
    description: p.description,
    amenities: [...p.amenities],
    images: [],
    ota_listings: { ...p.ota_listings },
    status: 'active',
    timezone: p.timezone,
    // Door codes live in property_access, never in the property row every housekeeper of it holds.
    access_notes: '',
    ical_export_url: null,
    ical_export_token: null,
    created_date: at(-380 + i * 45, '10:30'),
  }));
  const property_access: DemoPropertyAccess[] = DEMO_PROPERTIES.map((p, i) => ({
    id: id(`access:${p.key}`),
    host_id: hostProfileId,
    property_id: id(`property:${p.key}`),
    ...p.access,
    translations: {},
    created_date: at(-380 + i * 45, '10:45'),
  }));
  const propertyIdOf = (p: PropertySpec) => id(`property:${p.key}`);
  const currencyOfProperty = (key: string) => DEMO_PROPERTIES.find((p) => p.key === key)?.currency ?? DEFAULT_CURRENCY;
  /** A task's cost in its property's currency: the housekeeper's time at their rate, else a cleaning service's flat fee (yen in whole hundreds). */
  const taskCost = (staff: { hourlyMinor: number } | undefined, minutes: number, currency: string, flatDollars: number) =>
    staff ? fromMinor(roundCents((staff.hourlyMinor * minutes) / 60), currency) : currency === 'JPY' ? flatDollars * 140 : flatDollars;

  const housekeeping_staff: DemoStaff[] = DEMO_STAFF.map((s, i) => ({
    id: id(`staff:${s.key}`),
    host_id: hostProfileId,
    // The first housekeeper is the housekeeper account: same name and e-mail, which links the two.
    staff_name: i === 0 ? staffAccount.name : s.staff_name,
    staff_email: i === 0 ? staffAccount.email : s.staff_email,
    staff_phone: s.staff_phone,
    specializations: [...s.specializations],
    availability_schedule: { ...s.availability_schedule },
    // Paid in the currency of the home they look after.
    currency: currencyOfProperty(s.property_key),
    hourly_rate: s.hourly_rate,
    status: 'active',
    hire_date: day(-s.hire_days_ago),
    emergency_contact: s.emergency_contact,
    user_id: i === 0 ? staffUser.ID : null,
    created_date: at(-s.hire_days_ago, '12:00'),
  }));
  const staffFor = (propertyKey: string) => {
    const index = DEMO_STAFF.findIndex((s) => s.property_key === propertyKey);
    const row = housekeeping_staff[index];
    return row ? { id: row.id, hourlyMinor: toMinor(row.hourly_rate, row.currency) } : undefined;
  };

  const checklist = (owner: string, items: readonly string[], done: boolean): ChecklistItem[] =>
    items.map((text, j) => ({ id: id(`${owner}:item:${j}`), text, done }));
  const task_templates: DemoTemplate[] = DEMO_TEMPLATES.map((tpl) => ({
    id: id(`template:${tpl.key}`),
    host_id: hostProfileId,
    name: tpl.name,
    task_category: tpl.task_category,
    description: tpl.description,
    checklist_items: checklist(`template:${tpl.key}`, tpl.checklist, false),
    estimated_duration: tpl.estimated_duration,
    priority_level: tpl.priority_level,
    special_instructions: tpl.special_instructions,
    translations: tpl.key === 'turnover' ? defaultTurnoverTranslations(tpl.checklist.map((_, j) => id(`template:${tpl.key}:item:${j}`))) : {},
    is_default: tpl.is_default,
    created_date: at(-390, '11:00'),
  }));
  const template = (key: TemplateSpec['key']): TemplateSpec => {
    const found = DEMO_TEMPLATES.find((tpl) => tpl.key === key);
    if (!found) throw new Error(`No demo template ${key}`);
    return found;
  };

  // Bookings.
  const stays = planStays(rnd);
  assignGuests(rnd, stays);
  const liveStays = stays.filter((s) => !s.cancelled);
  const pastLive = liveStays.filter((s) => s.out <= 0);
  const futureLive = liveStays.filter((s) => s.in > 0);
  const perProperty = new Map<string, number>();
  const ratings = new Map<string, number[]>();
  const bookingOf = new Map<Stay, DemoBooking>();
  const bookings: DemoBooking[] = [];
  let hasMixedCaseEmail = false;
  stays.forEach((stay, n) => {
    const nth = (perProperty.get(stay.property.key) ?? 0) + 1;
    perProperty.set(stay.property.key, nth);
    const guest = resolveGuest(stay.guest);
    // One regular typed their address differently once: the guest list still groups them.
    const isSecondVisit = guest.email !== '' && bookings.some((b) => b.guest_email.toLowerCase() === guest.email);
    const email = isSecondVisit && !hasMixedCaseEmail ? guest.email.charAt(0).toUpperCase() + guest.email.slice(1) : guest.email;
    if (email !== guest.email) hasMixedCaseEmail = true;
    const source = stay.source ?? rnd.pick(stay.property.sources);
    const nights = stay.out - stay.in;
    const variation = rnd.int(-8, 15);
    // In the property's currency's minor units (cents, whole yen), rounded once.
    const currency = stay.property.currency;
    const totalCents = roundCents((nights * toMinor(stay.property.base_price, currency) * (100 + variation)) / 100);
    const commission = commissionCents(totalCents, hostTier.commission_rate);
    const lead = rnd.int(5, 75);
    const createdAt = at(Math.min(stay.in - lead, -1), `${pad2(rnd.int(6, 22))}:${pad2(rnd.int(0, 59))}`);
    const requests = rnd.chance(0.3) ? rnd.pick(SPECIAL_REQUESTS) : '';
    const guestsCount = rnd.int(1, stay.property.max_guests);
    const reference = bookingReference(rnd, source, n);
    const rating = rnd.pick([4, 4.5, 4.8, 5, 5]);

    let booking_status: DemoBooking['booking_status'] = 'confirmed';
    let payment_status: DemoBooking['payment_status'] = 'paid';
    if (stay.cancelled) {
      booking_status = 'cancelled';
      payment_status = 'refunded';
    } else if (stay.out <= 0) {
      if (pastLive.indexOf(stay) % 3 === 0) booking_status = 'completed';
      const key = guestKey(hostProfileId, email);
      if (key) ratings.set(key, [...(ratings.get(key) ?? []), rating]);
    } else if (stay.in > 0) {
      payment_status = (['paid', 'partial', 'paid', 'pending'] as const)[futureLive.indexOf(stay) % 4] ?? 'pending';
    }

    const booking: DemoBooking = {
      id: id(`booking:${stay.property.key}:${nth}`),
      property_id: propertyIdOf(stay.property),
      host_id: hostProfileId,
      guest_name: guest.name,
      guest_email: email,
      guest_phone: guest.phone,
      check_in_date: day(stay.in),
      check_out_date: day(stay.out),
      guests_count: guestsCount,
      booking_source: source,
      booking_reference: reference,
      currency,
      total_amount: fromMinor(totalCents, currency),
      commission_amount: fromMinor(commission, currency),
      net_amount: fromMinor(totalCents - commission, currency),
      booking_status,
      payment_status,
      special_requests: requests,
      external_uid: null,
      created_date: createdAt,
    };
    bookings.push(booking);
    bookingOf.set(stay, booking);
  });

  // Guests, derived exactly as the guest sync derives them.
  const propertiesById = new Map(properties.map((p) => [p.id, p]));
  const guests: DemoGuest[] = deriveGuests(bookings, propertiesById, today, { ratings }).map((g) => {
    const own = bookings.filter((b) => b.guest_email.toLowerCase() === g.guest_email);
    const created = own.map((b) => b.created_date ?? '').sort();
    return {
      id: id(`guest:${g.guest_email}`),
      ...g,
      verified_status: own.some((b) => b.booking_status !== 'cancelled' && b.booking_source !== 'direct'),
      country: DEMO_GUESTS.find((p) => p.email === g.guest_email)?.country ?? '',
      created_date: created[0] ?? null,
      updated_date: created[created.length - 1] ?? null,
    };
  });

  // Tasks: a turnover for every check-out near today, plus the one-off jobs of the story.
  const housekeeping_tasks: DemoTask[] = [];
  const turnover = template('turnover');
  for (const stay of liveStays) {
    if (Math.abs(stay.out) > DEMO_TASK_WINDOW_DAYS) continue;
    const booking = bookingOf.get(stay);
    if (!booking) continue;
    const next = liveStays.find((s) => s.property === stay.property && s.in === stay.out);
    const nextBooking = next ? bookingOf.get(next) : undefined;
    const staff = staffFor(stay.property.key);
    const done = stay.out < 0;
    const taskId = id(`task:turnover:${booking.id}`);
    housekeeping_tasks.push({
      id: taskId,
      host_id: hostProfileId,
      property_id: booking.property_id,
      booking_id: booking.id,
      template_id: id('template:turnover'),
      task_title: turnover.name,
      task_description: nextBooking
        ? `${booking.guest_name} checks out; ${nextBooking.guest_name} arrives the same day.`
        : `${booking.guest_name} checks out.`,
      task_category: turnover.task_category,
      priority_level: nextBooking ? 'high' : 'medium',
      scheduled_date: booking.check_out_date,
      due_date: booking.check_out_date,
      estimated_duration: turnover.estimated_duration,
      task_status: done ? 'completed' : 'pending',
      checklist_items: checklist(taskId, turnover.checklist, done),
      special_instructions: nextBooking ? 'Same-day turnover: ready by the 3 pm check-in.' : turnover.special_instructions,
      // The template's translations, as the server copies them (the description and a same-day note are the task's own).
      translations: defaultTurnoverTranslations(turnover.checklist.map((_, j) => id(`${taskId}:item:${j}`))),
      created_date: booking.created_date,
      currency: stay.property.currency,
      // Kyoto has no housekeeper on staff: a cleaning service charges a flat fee.
      cost: taskCost(staff, turnover.estimated_duration, stay.property.currency, 65),
      assigned_staff_id: staff?.id ?? null,
      notes: done && rnd.chance(0.3) ? 'Guests left the place tidy; restocked coffee pods.' : '',
      started_at: done ? at(stay.out, '11:05') : null,
      completed_at: done ? at(stay.out, '13:40') : null,
      completed_by_staff_id: done ? (staff?.id ?? null) : null,
      previous_staff_id: null,
      reassigned_at: null,
    });
  }

  type OneOff = {
    key: string;
    property: string;
    template: TemplateSpec['key'];
    title: string;
    description: string;
    priority: DemoTask['priority_level'];
    scheduled: number;
    due: number;
    status: DemoTask['task_status'];
    created: number;
  };
  const oneOffs: OneOff[] = [
    {
      key: 'faucet',
      property: 'austin',
      template: 'maintenance',
      title: 'Fix leaking kitchen faucet',
      description: 'The departing guest reported a steady drip under the kitchen sink. Fix or call the plumber before the 3 pm check-in.',
      priority: 'urgent',
      scheduled: 0,
      due: 0,
      status: 'pending',
      created: -1,
    },
    {
      key: 'deep-austin',
      property: 'austin',
      template: 'deep',
      title: 'Quarterly deep clean',
      description: 'Oven, fridge, windows and vents; the house was fully booked so this slipped.',
      priority: 'medium',
      scheduled: -3,
      due: -2,
      status: 'pending',
      created: -17,
    },
    {
      key: 'deep-lisbon',
      property: 'lisbon',
      template: 'deep',
      title: 'Quarterly deep clean',
      description: 'Including the terrace furniture and awning.',
      priority: 'medium',
      scheduled: -20,
      due: -20,
      status: 'completed',
      created: -35,
    },
    {
      key: 'linen-lisbon',
      property: 'lisbon',
      template: 'linen',
      title: 'Mid-stay linen change',
      description: 'Five-night stay: fresh linen and towels on day three.',
      priority: 'low',
      scheduled: 0,
      due: 1,
      status: 'in_progress',
      created: -2,
    },
    {
      key: 'ac-kyoto',
      property: 'kyoto',
      template: 'maintenance',
      title: 'Check air-conditioning filters',
      description: 'Before the summer season; the upstairs unit smelled musty.',
      priority: 'medium',
      scheduled: 2,
      due: 6,
      status: 'pending',
      created: -4,
    },
    {
      key: 'linen-kyoto',
      property: 'kyoto',
      template: 'linen',
      title: 'Air and replace futon covers',
      description: 'Air the futons in the garden and put on fresh covers.',
      priority: 'low',
      scheduled: 5,
      due: 5,
      status: 'pending',
      created: -1,
    },
  ];
  for (const job of oneOffs) {
    const tpl = template(job.template);
    const propertySpec = DEMO_PROPERTIES.find((p) => p.key === job.property);
    if (!propertySpec) throw new Error(`No demo property ${job.property}`);
    const staff = staffFor(job.property);
    const taskId = id(`task:${job.key}`);
    const done = job.status === 'completed';
    housekeeping_tasks.push({
      id: taskId,
      host_id: hostProfileId,
      property_id: propertyIdOf(propertySpec),
      booking_id: null,
      template_id: id(`template:${tpl.key}`),
      task_title: job.title,
      task_description: job.description,
      task_category: tpl.task_category,
      priority_level: job.priority,
      scheduled_date: day(job.scheduled),
      due_date: day(job.due),
      estimated_duration: tpl.estimated_duration,
      task_status: job.status,
      checklist_items: checklist(taskId, tpl.checklist, done),
      special_instructions: tpl.special_instructions,
      translations: {},
      created_date: at(job.created, '17:25'),
      currency: propertySpec.currency,
      cost: taskCost(staff, tpl.estimated_duration, propertySpec.currency, 45),
      assigned_staff_id: staff?.id ?? null,
      notes: done ? 'Awning needs a new crank handle; ordered one.' : '',
      started_at: job.status === 'in_progress' || done ? at(job.scheduled, '09:30') : null,
      completed_at: done ? at(job.scheduled, '14:10') : null,
      completed_by_staff_id: done ? (staff?.id ?? null) : null,
      previous_staff_id: null,
      reassigned_at: null,
    });
  }
  housekeeping_tasks.sort((a, b) => compare(a.scheduled_date ?? '', b.scheduled_date ?? '') || compare(a.id, b.id));

  const host_profiles: DemoHostProfile[] = [
    {
      id: hostProfileId,
      user_id: hostUser.ID,
      email: hostUser.Email,
      company_name: 'Harper Lane Stays',
      phone_number: '+1 512-555-0100',
      address: '401 Congress Ave, Suite 1540, Austin, TX 78701, USA',
      subscription_tier: hostTier.key,
      subscription_status: 'active',
      commission_rate: hostTier.commission_rate,
      ...hostProfileCounters(properties, bookings),
      account_status: 'active',
      verification_documents: { business_license: 'verified', identity_document: 'verified' },
      created_date: at(-400, '09:15'),
    },
  ];

  const inbox_messages = demoMessages(bookings, today, id);

  // The other hosts come last and from their own PRNG, so that the rows above never change with them.
  const platform = platformRows(today, createRandom(hash128(`platform:${seed}`)[0]), id, hostProfileCounters);

  return {
    users: [...users, ...platform.users],
    subscription_tiers,
    platform_settings,
    host_profiles: [...host_profiles, ...platform.host_profiles],
    display_settings: [...display_settings, ...platform.display_settings],
    properties: [...properties, ...platform.properties],
    property_access,
    housekeeping_staff,
    task_templates,
    bookings: [...bookings, ...platform.bookings],
    guests: [...guests, ...platform.guests],
    housekeeping_tasks,
    inbox_messages,
    paypal_subscriptions: platform.paypal_subscriptions,
    paypal_payments: platform.paypal_payments,
  };
}

/** What guests write before a stay, and the host's answers: the inbox of the demo. */
const GUEST_QUESTIONS = [
  ['Hi! Is early check-in possible? Our flight lands at 10am.', 'Hi, the place is ready from 1pm that day; we can hold your bags before then.'],
  ['Could you tell us where to park?', null],
  ['Is there a crib we could use for our baby?', 'Yes, a travel crib is in the hall closet. Sheets are in the top drawer.'],
  ['We are running late, arriving around 11pm. Is self check-in still fine?', null],
  ['Thanks for the quick reply. Is the coffee machine a Nespresso?', null],
] as const;

function demoMessages(bookings: readonly DemoBooking[], today: string, id: (name: string) => string): DemoMessage[] {
  const soon = bookings
    .filter((b) => b.booking_status !== 'cancelled' && b.guest_email !== '' && b.check_in_date >= today)
    .sort((a, b) => compare(a.check_in_date, b.check_in_date) || compare(a.id, b.id))
    .slice(0, GUEST_QUESTIONS.length);
  const messages: DemoMessage[] = [];
  soon.forEach((booking, i) => {
    const [question, answer] = GUEST_QUESTIONS[i] ?? GUEST_QUESTIONS[0];
    const asked = `${addDays(today, -1 - i)}T${pad2(14 + i)}:05:00.000Z`;
    const base = { host_id: booking.host_id, booking_id: booking.id, guest_name: booking.guest_name, guest_email: booking.guest_email };
    // Answered questions were read; the others wait for the host.
    messages.push({ id: id(`message:${booking.id}:1`), ...base, message_content: question, direction: 'inbound', status: answer ? 'read' : 'unread', sent_at: asked, email_status: null });
    if (answer) {
      const replied = `${addDays(today, -1 - i)}T${pad2(15 + i)}:20:00.000Z`;
      // These guests have an e-mail address: the answer went to them by e-mail.
      messages.push({ id: id(`message:${booking.id}:2`), ...base, message_content: answer, direction: 'outbound', status: 'sent', sent_at: replied, email_status: 'sent' });
    }
  });
  return messages;
}
