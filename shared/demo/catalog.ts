/**
 * The fixed content of the demo (the demo host's properties, staff, templates and a pool of
 * guests; the tiers and settings are the platform's defaults). generate.ts turns it into dated rows.
 */
import { DEFAULT_TURNOVER_TEMPLATE } from '../turnover-template';
import type { AvailabilitySchedule } from '../schema/tables';

export type { SettingSpec, TierSpec } from '../platform-defaults';
/** The demo runs on the platform's own defaults (shared/platform-defaults.ts): no copy of its own. */
export { PLATFORM_SETTINGS as DEMO_SETTINGS, PLATFORM_TIERS as DEMO_TIERS } from '../platform-defaults';

export type PropertySpec = {
  key: string;
  property_name: string;
  property_type: string;
  address: string;
  latitude: number;
  longitude: number;
  bedrooms: number;
  bathrooms: number;
  max_guests: number;
  /** In `currency` (ISO 4217): Lisbon is priced in euros, Kyoto in yen, the rest in dollars. */
  base_price: number;
  currency: string;
  description: string;
  amenities: string[];
  ota_listings: Record<string, string>;
  timezone: string;
  /** How to get in: the property's access details (property_access), sent to a housekeeper only around her task. */
  access: { door_code: string; wifi_name: string; wifi_password: string; parking: string; arrival_notes: string };
  /** Booking channels this listing takes, weighted by repetition. */
  sources: string[];
};

export const DEMO_PROPERTIES: readonly PropertySpec[] = [
  {
    key: 'lisbon',
    property_name: 'Alfama Terrace Apartment',
    property_type: 'apartment',
    address: 'Rua de São Miguel 24, 1100-544 Lisboa, Portugal',
    latitude: 38.7115,
    longitude: -9.129,
    bedrooms: 2,
    bathrooms: 1,
    max_guests: 4,
    base_price: 145,
    currency: 'EUR',
    description:
      'Sunny top-floor apartment in the heart of Alfama with a private terrace over the Tagus. Five minutes on foot to the castle and the 28 tram.',
    amenities: ['Wi-Fi', 'Air conditioning', 'Washing machine', 'Private terrace', 'Espresso machine', 'Hair dryer'],
    ota_listings: { airbnb: '53817264', 'booking.com': 'alfama-terrace-apartment', vrbo: '4129873' },
    timezone: 'Europe/Lisbon',
    access: { door_code: '2719', wifi_name: 'Alfama-Terrace', wifi_password: 'tagus-view-24', parking: 'No parking at the door: the Chão do Loureiro car park is 6 minutes on foot.', arrival_notes: 'Key safe left of the green door. Third floor, no lift.' },
    sources: ['airbnb', 'airbnb', 'booking.com', 'booking.com', 'vrbo', 'direct'],
  },
  {
    key: 'austin',
    property_name: 'South Congress Bungalow',
    property_type: 'house',
    address: '1712 Eva St, Austin, TX 78704, USA',
    latitude: 30.247,
    longitude: -97.7515,
    bedrooms: 3,
    bathrooms: 2,
    max_guests: 6,
    base_price: 210,
    currency: 'USD',
    description:
      'Renovated 1940s bungalow with a shaded porch and fenced yard, a short walk from South Congress shops, food trucks and live music.',
    amenities: ['Wi-Fi', 'Central air', 'Free parking', 'Fenced yard', 'Grill', 'Washer and dryer', 'Dedicated workspace'],
    ota_listings: { airbnb: '71294408', vrbo: '2310457' },
    timezone: 'America/Chicago',
    access: { door_code: '4820#', wifi_name: 'EvaStBungalow', wifi_password: 'porchlight1940', parking: 'Driveway on the left, room for two cars.', arrival_notes: 'Smart lock on the front door. Trash day is Tuesday.' },
    sources: ['airbnb', 'airbnb', 'vrbo', 'vrbo', 'direct'],
  },
  {
    key: 'kyoto',
    property_name: 'Gion Machiya House',
    property_type: 'house',
    address: '570-8 Gionmachi Minamigawa, Higashiyama-ku, Kyoto 605-0074, Japan',
    latitude: 35.0037,
    longitude: 135.7756,
    bedrooms: 2,
    bathrooms: 1.5,
    max_guests: 4,
    base_price: 28000,
    currency: 'JPY',
    description:
      'Restored wooden townhouse with tatami rooms, a cypress soaking tub and a small moss garden, on a quiet lane between Gion and Kiyomizu-dera.',
    amenities: ['Wi-Fi', 'Air conditioning', 'Cypress bathtub', 'Garden', 'Futon bedding', 'Pocket Wi-Fi', 'Tea set'],
    ota_listings: { airbnb: '64002519', 'booking.com': 'gion-machiya-house' },
    timezone: 'Asia/Tokyo',
    access: { door_code: '5803', wifi_name: 'GionMachiya', wifi_password: 'moss-garden-605', parking: 'No parking: the Higashiyama coin park is on the next corner.', arrival_notes: 'Keypad on the sliding door. Please remove shoes in the genkan.' },
    sources: ['airbnb', 'airbnb', 'booking.com', 'booking.com', 'direct'],
  },
];

export type StaffSpec = {
  key: string;
  staff_name: string;
  staff_email: string;
  staff_phone: string;
  specializations: string[];
  availability_schedule: AvailabilitySchedule;
  hourly_rate: number;
  hire_days_ago: number;
  emergency_contact: string;
  /** The property this housekeeper looks after; null properties get no assignee. */
  property_key: string;
};

/**
 * Two housekeepers; the first is the housekeeper demo account (same e-mail: a staff user is linked
 * to its staff row by e-mail).
 */
export const DEMO_STAFF: readonly StaffSpec[] = [
  {
    key: 'maria',
    staff_name: 'Maria Lopez',
    staff_email: 'housekeeper@example.com',
    staff_phone: '+1 512-555-0147',
    specializations: ['Turnover cleaning', 'Deep cleaning', 'Laundry and linen'],
    availability_schedule: {
      monday: { start: '08:00', end: '16:00' },
      tuesday: { start: '08:00', end: '16:00' },
      wednesday: { start: '08:00', end: '16:00' },
      thursday: { start: '08:00', end: '16:00' },
      friday: { start: '08:00', end: '16:00' },
      saturday: { start: '09:00', end: '13:00' },
      sunday: 'off',
    },
    hourly_rate: 24,
    hire_days_ago: 420,
    emergency_contact: 'Carlos Lopez, +1 512-555-0199',
    property_key: 'austin',
  },
  {
    key: 'ines',
    staff_name: 'Inês Carvalho',
    staff_email: 'ines.carvalho@example.com',
    staff_phone: '+351 912 345 678',
    specializations: ['Turnover cleaning', 'Minor repairs', 'Guest check-in'],
    availability_schedule: {
      monday: 'off',
      tuesday: { start: '09:00', end: '17:00' },
      wednesday: { start: '09:00', end: '17:00' },
      thursday: { start: '09:00', end: '17:00' },
      friday: { start: '09:00', end: '17:00' },
      saturday: { start: '10:00', end: '18:00' },
      sunday: { start: '10:00', end: '14:00' },
    },
    hourly_rate: 16.5,
    hire_days_ago: 210,
    emergency_contact: 'Rui Carvalho, +351 913 111 222',
    property_key: 'lisbon',
  },
];

export type TemplateSpec = {
  key: 'turnover' | 'deep' | 'linen' | 'maintenance';
  name: string;
  task_category: string;
  description: string;
  checklist: string[];
  estimated_duration: number;
  priority_level: 'low' | 'medium' | 'high' | 'urgent';
  special_instructions: string;
  is_default: boolean;
};

export const DEMO_TEMPLATES: readonly TemplateSpec[] = [
  {
    key: 'turnover',
    ...DEFAULT_TURNOVER_TEMPLATE,
    checklist: [...DEFAULT_TURNOVER_TEMPLATE.checklist],
    is_default: true,
  },
  {
    key: 'deep',
    name: 'Deep clean',
    task_category: 'cleaning',
    description: 'Quarterly top-to-bottom clean, including appliances and windows.',
    checklist: [
      'Clean oven, hob and range hood',
      'Defrost and wipe the fridge',
      'Wash windows inside',
      'Descale taps, shower heads and kettle',
      'Dust light fittings and vents',
      'Clean under and behind furniture',
    ],
    estimated_duration: 300,
    priority_level: 'medium',
    special_instructions: '',
    is_default: false,
  },
  {
    key: 'linen',
    name: 'Linen change',
    task_category: 'laundry',
    description: 'Mid-stay change of bed linen and towels.',
    checklist: ['Change bed linen', 'Replace bath and hand towels', 'Take used linen to the laundry'],
    estimated_duration: 45,
    priority_level: 'low',
    special_instructions: 'Knock and wait; guests may be in.',
    is_default: false,
  },
  {
    key: 'maintenance',
    name: 'Maintenance check',
    task_category: 'maintenance',
    description: 'Walk-through of fixtures and appliances.',
    checklist: ['Test smoke and CO alarms', 'Check taps and drains for leaks', 'Check air-conditioning filters', 'Test all light bulbs', 'Note anything that needs a contractor'],
    estimated_duration: 60,
    priority_level: 'medium',
    special_instructions: '',
    is_default: false,
  },
];

export type GuestSpec = { name: string; email: string; phone: string; country: string };

/** Fictional guests (example.* mail domains, reserved phone ranges where countries have them). */
export const DEMO_GUESTS: readonly GuestSpec[] = [
  { name: 'Olivia Bennett', email: 'olivia.bennett@example.com', phone: '+44 7700 900123', country: 'United Kingdom' },
  { name: 'Lucas Moreau', email: 'lucas.moreau@example.net', phone: '+33 6 12 34 56 78', country: 'France' },
  { name: 'Sofia Rossi', email: 'sofia.rossi@example.org', phone: '+39 347 123 4567', country: 'Italy' },
  { name: 'Ethan Walker', email: 'ethan.walker@example.com', phone: '+1 415-555-0132', country: 'United States' },
  { name: 'Hannah Schmidt', email: 'hannah.schmidt@example.net', phone: '+49 151 2345 6789', country: 'Germany' },
  { name: 'Kenji Watanabe', email: 'kenji.watanabe@example.com', phone: '+81 90-1234-5678', country: 'Japan' },
  { name: 'Chloe Martin', email: 'chloe.martin@example.org', phone: '+1 604-555-0178', country: 'Canada' },
  { name: 'Mateo García', email: 'mateo.garcia@example.com', phone: '+34 612 345 678', country: 'Spain' },
  { name: 'Amelia Clarke', email: 'amelia.clarke@example.net', phone: '+61 412 345 678', country: 'Australia' },
  { name: 'Noah Fischer', email: 'noah.fischer@example.com', phone: '+41 79 123 45 67', country: 'Switzerland' },
  { name: 'Isabella Costa', email: 'isabella.costa@example.com', phone: '+55 11 91234-5678', country: 'Brazil' },
  { name: 'Liam O’Connor', email: 'liam.oconnor@example.net', phone: '+353 85 123 4567', country: 'Ireland' },
  { name: 'Emma Jansen', email: 'emma.jansen@example.net', phone: '+31 6 12345678', country: 'Netherlands' },
  { name: 'James Thompson', email: 'james.thompson@example.com', phone: '+1 212-555-0164', country: 'United States' },
  { name: 'Mia Andersson', email: 'mia.andersson@example.net', phone: '+46 70 123 45 67', country: 'Sweden' },
  { name: 'Daniel Kim', email: 'daniel.kim@example.com', phone: '+82 10-1234-5678', country: 'South Korea' },
  { name: 'Grace Nguyen', email: 'grace.nguyen@example.com', phone: '+1 713-555-0119', country: 'United States' },
  { name: 'Oliver Hughes', email: 'oliver.hughes@example.net', phone: '+44 7700 900456', country: 'United Kingdom' },
  { name: 'Camille Laurent', email: 'camille.laurent@example.net', phone: '+33 7 23 45 67 89', country: 'France' },
  { name: 'Benjamin Cohen', email: 'ben.cohen@example.com', phone: '+1 312-555-0187', country: 'United States' },
  { name: 'Yuki Sato', email: 'yuki.sato@example.net', phone: '+81 80-2345-6789', country: 'Japan' },
  { name: 'Ava Robinson', email: 'ava.robinson@example.com', phone: '+1 503-555-0126', country: 'United States' },
  { name: 'Leon Becker', email: 'leon.becker@example.net', phone: '+49 160 9876 5432', country: 'Germany' },
  { name: 'Zoe Papadopoulos', email: 'zoe.papadopoulos@example.net', phone: '+30 691 234 5678', country: 'Greece' },
  { name: 'Samuel Oliveira', email: 'samuel.oliveira@example.net', phone: '+351 936 123 456', country: 'Portugal' },
  { name: 'Ella Wilson', email: 'ella.wilson@example.net', phone: '+64 21 123 4567', country: 'New Zealand' },
  { name: 'Jack Murphy', email: 'jack.murphy@example.com', phone: '+1 617-555-0141', country: 'United States' },
  { name: 'Lena Novak', email: 'lena.novak@example.net', phone: '+420 601 234 567', country: 'Czech Republic' },
  { name: 'Arjun Mehta', email: 'arjun.mehta@example.net', phone: '+91 98765 43210', country: 'India' },
  { name: 'Charlotte Dubois', email: 'charlotte.dubois@example.net', phone: '+32 470 12 34 56', country: 'Belgium' },
  { name: 'Henry Adams', email: 'henry.adams@example.com', phone: '+1 206-555-0193', country: 'United States' },
  { name: 'Nora Lindqvist', email: 'nora.lindqvist@example.net', phone: '+358 40 123 4567', country: 'Finland' },
  { name: 'Diego Hernández', email: 'diego.hernandez@example.net', phone: '+52 55 1234 5678', country: 'Mexico' },
  { name: 'Sarah Mitchell', email: 'sarah.mitchell@example.com', phone: '+1 303-555-0158', country: 'United States' },
  { name: 'Tomás Ferreira', email: 'tomas.ferreira@example.net', phone: '+351 917 654 321', country: 'Portugal' },
  { name: 'Aiko Yamamoto', email: 'aiko.yamamoto@example.net', phone: '+81 70-3456-7890', country: 'Japan' },
  { name: 'William Scott', email: 'will.scott@example.com', phone: '+1 646-555-0172', country: 'United States' },
  { name: 'Freya Olsen', email: 'freya.olsen@example.net', phone: '+45 20 12 34 56', country: 'Denmark' },
  { name: 'Gabriel Santos', email: 'gabriel.santos@example.com', phone: '+55 21 99876-5432', country: 'Brazil' },
  { name: 'Lily Chen', email: 'lily.chen@example.com', phone: '+1 408-555-0111', country: 'United States' },
  { name: 'Max Hoffmann', email: 'max.hoffmann@example.net', phone: '+43 664 1234567', country: 'Austria' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.com', phone: '+44 7700 900789', country: 'United Kingdom' },
];

export const SPECIAL_REQUESTS: readonly string[] = [
  'Late check-in, arriving around 11 pm.',
  'Travelling with a baby: could you leave a travel cot?',
  'Early check-in if at all possible, our flight lands at 8 am.',
  'Celebrating our anniversary.',
  'One guest is allergic to feathers; synthetic pillows please.',
  'Could you recommend a taxi from the airport?',
  'We will need parking for one car.',
];
