/**
 * What the OTAs mean by their event titles. Only two titles are reservations: Airbnb's `Reserved`
 * and Vrbo's `Reserved - <guest name>`. Everything else (`Airbnb (Not available)`, Vrbo `Blocked`,
 * Booking.com `CLOSED - Not available`, a host's own Google events) is a block: Booking.com shows
 * stays and closures alike, so a closure cannot safely become a guest. Titles are matched exactly
 * (after trimming), because they are machine-written by the OTAs and a host's private event that
 * merely mentions "reserved" must not turn into a booking.
 */

export type EventKind = 'booking' | 'block';

export type Classification = {
  kind: EventKind;
  guestName?: string;
  reservationCode?: string;
  /** Airbnb's "Phone Number (Last 4 Digits)": a string, so that leading zeros survive. */
  phoneLast4?: string;
};

const AIRBNB_RESERVED = 'Reserved';
const VRBO_RESERVED = /^Reserved\s+-\s+(\S(?:.*\S)?)$/s;
/** Airbnb's reservation URL ends with the confirmation code (HM…); the bare code is a fallback. */
const RESERVATION_URL_CODE = /\/reservations\/details\/([A-Za-z0-9]+)/;
const AIRBNB_CODE = /\b(HM[A-Z0-9]{8})\b/;
const PHONE_LAST_4 = /Phone Number \(Last 4 Digits\):\s*(\d{4})\b/i;

export function classifyEvent(summary: string, description: string): Classification {
  const title = summary.trim();
  let guestName: string | undefined;
  if (title !== AIRBNB_RESERVED) {
    const vrbo = VRBO_RESERVED.exec(title);
    if (!vrbo) return { kind: 'block' };
    guestName = vrbo[1];
  }
  const result: Classification = { kind: 'booking' };
  if (guestName) result.guestName = guestName;
  const code = RESERVATION_URL_CODE.exec(description)?.[1] ?? AIRBNB_CODE.exec(description)?.[1];
  if (code) result.reservationCode = code;
  const phone = PHONE_LAST_4.exec(description)?.[1];
  if (phone) result.phoneLast4 = phone;
  return result;
}
