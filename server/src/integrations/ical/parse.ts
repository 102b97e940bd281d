/**
 * An iCal feed (raw bytes) → the stay instances it describes, as `YYYY-MM-DD` stay dates in the
 * property's timezone. node-ical does the hard calendar work (TZID and VTIMEZONE resolution,
 * Windows zone names, RRULE expansion, EXDATE and RECURRENCE-ID bookkeeping); this module does what
 * node-ical gets wrong or leaves open, each for a reason:
 *
 * - Unfolding happens on the raw bytes before UTF-8 decoding: a fold may split a multi-byte
 *   character, and node-ical only unfolds after decoding (by then the halves are U+FFFD).
 * - Text values (SUMMARY, DESCRIPTION, UID) are read here, not by node-ical: its unescaping runs
 *   `\n` before `\\` (so `\\n` becomes a backslash and a line break) and strips quotes around a
 *   value. Here every escape is undone exactly once, left to right.
 * - Duplicate UIDs are resolved here (highest SEQUENCE, then LAST-MODIFIED, then the later copy)
 *   before node-ical sees them: node-ical merges the fields of both copies into one event.
 * - Ends are computed here in whole days or exact spans: node-ical's default ends and its
 *   millisecond durations move an all-day end across a daylight-saving change on hosts west of
 *   UTC. All-day dates are read with local getters only (node-ical builds them at local midnight),
 *   floating times as wall clocks, zoned times as instants shown in the property's zone, so the
 *   result is the same whatever the server's TZ.
 */
import { createHash } from 'node:crypto';
import nodeIcal from 'node-ical';
import type { DateWithTimeZone, VEvent } from 'node-ical';
import { addDays, fromDayNumber, toDayNumber } from '../../../../shared/dates';
import { classifyEvent, type EventKind } from './conventions';
import { inEnglish, type ServerText } from '../../i18n';

export type IcalInstance = {
  uid: string;
  /** '' for a non-recurring event; otherwise the instance's original start (RECURRENCE-ID form). */
  recurrenceId: string;
  start: string;
  /** Exclusive: the check-out day. */
  end: string;
  summary: string;
  description: string;
  kind: EventKind;
  guestName?: string;
  reservationCode?: string;
  phoneLast4?: string;
};

export type SyncWindow = { start: string; end: string };

export type ParseOptions = {
  /** The property's IANA timezone, in which timed events become stay dates. */
  timezone: string;
  /** Today in the property's timezone (`YYYY-MM-DD`); the sync window is measured from it. */
  today: string;
  /** Refuse feeds that expand to more instances than this (default MAX_INSTANCES). */
  maxInstances?: number;
};

export type ParseResult = { instances: IcalInstance[]; window: SyncWindow; warnings: string[] };

/** A feed that cannot be read; `text` is its words for the host (the sync writes them in the host's language), `message` their English. */
export class IcalParseError extends Error {
  override readonly name = 'IcalParseError';
  constructor(readonly text: ServerText) {
    super(inEnglish(text));
  }
}

export const WINDOW_MONTHS_BACK = 12;
export const WINDOW_MONTHS_AHEAD = 24;
/** A feed of 5 MB holds ~25 000 events; expansion past this is a runaway rule, not a calendar. */
export const MAX_INSTANCES = 50_000;

const DAY_MS = 86_400_000;

// ── Dates ───────────────────────────────────────────────────────────────────────────────────

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `date` moved by whole months, the day clamped to the target month's length. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const first = `${pad(year, 4)}-${pad(month)}-01`;
  const length = toDayNumber(addMonthsFirst(year, month)) - toDayNumber(first);
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, length))}`;
}

function addMonthsFirst(year: number, month: number): string {
  return month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
}

/** The import window: 12 months back (history feeds finances and guests), 24 months ahead. */
export function syncWindow(today: string): SyncWindow {
  return { start: addMonths(today, -WINDOW_MONTHS_BACK), end: addMonths(today, WINDOW_MONTHS_AHEAD) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** node-ical may attach a bare UTC offset ("+01:00") when a VTIMEZONE matches no named zone. */
function fixedOffsetMs(zone: string): number | null {
  const m = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The wall clock of an instant in a zone, encoded as a UTC timestamp (read with UTC getters). */
export function wallMsInZone(instant: number, zone: string): number {
  const offset = fixedOffsetMs(zone);
  if (offset !== null) return instant + offset;
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(zone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

function dayOfWallMs(wall: number): string {
  const d = new Date(wall);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function stampOfWallMs(wall: number): string {
  const d = new Date(wall);
  return `${dayOfWallMs(wall).replaceAll('-', '')}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** The calendar day of an instant in an IANA zone: the stay date of a timed event. */
export function dateInZone(instant: number, zone: string): string {
  return dayOfWallMs(wallMsInZone(instant, zone));
}

/** node-ical builds DATE values (and floating times without a VTIMEZONE) from local components. */
function localDay(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function localWallMs(d: Date): number {
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds());
}

/** The zone if the runtime knows it; node-ical passes unknown TZIDs through unchanged. */
function knownZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  if (fixedOffsetMs(zone) !== null) return zone;
  try {
    zoneFormatter(zone);
    return zone;
  } catch {
    return undefined;
  }
}

/** The wall clock of a value node-ical parsed, in the zone it was written in. */
function wallMsOfParsed(d: DateWithTimeZone): number {
  if (d.dateOnly) return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const zone = knownZone(d.tz);
  // No usable zone: node-ical built the value from local components.
  return zone ? wallMsInZone(d.getTime(), zone) : localWallMs(d);
}

function dayOfParsed(d: DateWithTimeZone): string {
  return d.dateOnly ? localDay(d) : dayOfWallMs(wallMsOfParsed(d));
}

// ── Bytes → lines → text ────────────────────────────────────────────────────────────────────

/**
 * RFC 5545 (section 3.1) unfolding on bytes: a line break (CRLF, LF or CR) followed by one space or
 * tab is removed; other breaks become LF. A leading UTF-8 BOM is dropped.
 */
export function unfoldIcalBytes(raw: Uint8Array): Uint8Array {
  const from = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0;
  const out = new Uint8Array(raw.length - from);
  let n = 0;
  for (let i = from; i < raw.length; i += 1) {
    const b = raw[i] as number;
    if (b !== 0x0d && b !== 0x0a) {
      out[n++] = b;
      continue;
    }
    let next = i + 1;
    if (b === 0x0d && raw[next] === 0x0a) next += 1;
    const after = raw[next];
    if (after === 0x20 || after === 0x09) {
      i = next;
    } else {
      out[n++] = 0x0a;
      i = next - 1;
    }
  }
  return out.subarray(0, n);
}

/** Undoes `\\`, `\;`, `\,`, `\n` / `\N` exactly once, left to right; other backslashes stay. */
export function unescapeIcalText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** The unfolded, decoded lines of a feed. */
export function icalLines(raw: Uint8Array | string): string[] {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  return new TextDecoder('utf-8').decode(unfoldIcalBytes(bytes)).split('\n');
}

type ContentLine = { name: string; paramText: string; params: Map<string, string>; value: string };

function parseParams(paramText: string): Map<string, string> {
  const params = new Map<string, string>();
  // paramText starts with ';'; values may be quoted and contain ';' or ':'.
  const re = /;([A-Za-z0-9-]+)=("[^"]*"|[^;]*)/g;
  for (let m = re.exec(paramText); m; m = re.exec(paramText)) {
    params.set((m[1] as string).toUpperCase(), (m[2] as string).replace(/^"(.*)"$/s, '$1'));
  }
  return params;
}

function parseContentLine(line: string): ContentLine | null {
  let i = 0;
  while (i < line.length && line[i] !== ';' && line[i] !== ':') i += 1;
  const name = line.slice(0, i);
  if (!/^[A-Za-z0-9-]+$/.test(name)) return null;
  const paramStart = i;
  let quoted = false;
  for (; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) break;
  }
  if (i >= line.length) return null;
  const paramText = line.slice(paramStart, i);
  return { name: name.toUpperCase(), paramText, params: parseParams(paramText), value: line.slice(i + 1) };
}

// ── Components ──────────────────────────────────────────────────────────────────────────────

type EventBlock = {
  index: number;
  uid: string;
  /** '' for the master event, else the RECURRENCE-ID as written (zone + value). */
  recurrenceKey: string;
  sequence: number;
  lastModified: string;
  status: string;
  summary: string;
  description: string;
  hasStart: boolean;
  hasEnd: boolean;
  duration: string | null;
  /** DTSTART is a date-time without TZID and without Z (RFC 5545 "floating"). */
  floating: boolean;
  /** DTSTART's TZID as written, quotes removed. */
  startTzid: string | null;
  /** The lines node-ical needs, names upper-cased. */
  lines: string[];
};

const PASSED_TO_NODE_ICAL = new Set(['DTSTART', 'DTEND', 'DURATION', 'RRULE', 'RECURRENCE-ID']);

function newBlock(index: number): EventBlock {
  return {
    index,
    uid: '',
    recurrenceKey: '',
    sequence: 0,
    lastModified: '',
    status: '',
    summary: '',
    description: '',
    hasStart: false,
    hasEnd: false,
    duration: null,
    floating: false,
    startTzid: null,
    lines: [],
  };
}

function readProperty(block: EventBlock, line: ContentLine, seen: Set<string>, warnings: Set<string>): void {
  const { name } = line;
  if (name === 'EXDATE') {
    block.lines.push(`EXDATE${line.paramText}:${line.value}`);
    return;
  }
  if (name === 'RDATE') {
    warnings.add('RDATE is not supported; only RRULE recurrences are expanded');
    return;
  }
  // A repeated property keeps its first value (node-ical throws on a second DTSTART).
  if (seen.has(name)) return;
  seen.add(name);
  if (PASSED_TO_NODE_ICAL.has(name)) block.lines.push(`${name}${line.paramText}:${line.value}`);
  switch (name) {
    case 'UID':
      block.uid = unescapeIcalText(line.value.trim());
      break;
    case 'SUMMARY':
      block.summary = unescapeIcalText(line.value);
      break;
    case 'DESCRIPTION':
      block.description = unescapeIcalText(line.value);
      break;
    case 'STATUS':
      block.status = line.value.trim().toUpperCase();
      break;
    case 'SEQUENCE':
      block.sequence = Number.parseInt(line.value.trim(), 10) || 0;
      break;
    case 'LAST-MODIFIED':
      block.lastModified = line.value.replace(/\D/g, '');
      break;
    case 'RECURRENCE-ID':
      block.recurrenceKey = `${line.params.get('TZID') ?? ''}|${line.value.trim().toUpperCase()}`;
      break;
    case 'DTSTART':
      block.hasStart = true;
      block.startTzid = line.params.get('TZID') ?? null;
      block.floating = block.startTzid === null && /T\d{6}$/i.test(line.value.trim());
      break;
    case 'DTEND':
      block.hasEnd = true;
      break;
    case 'DURATION':
      block.duration = line.value.trim();
      break;
  }
}

type Components = { timezones: string[]; timezoneIds: Set<string>; events: EventBlock[] };

function collectComponents(lines: string[], warnings: Set<string>): Components {
  const timezones: string[] = [];
  const timezoneIds = new Set<string>();
  const events: EventBlock[] = [];
  const stack: string[] = [];
  let sawCalendar = false;
  let block: EventBlock | null = null;
  let seen = new Set<string>();
  let timezone: string[] | null = null;

  for (const text of lines) {
    if (text.trim() === '') continue;
    const line = parseContentLine(text);
    if (!line) continue;
    if (line.name === 'BEGIN') {
      const component = line.value.trim().toUpperCase();
      stack.push(component);
      if (component === 'VCALENDAR') sawCalendar = true;
      if (timezone) timezone.push(`BEGIN:${component}`);
      else if (component === 'VTIMEZONE') timezone = ['BEGIN:VTIMEZONE'];
      else if (component === 'VEVENT' && stack[stack.length - 2] === 'VCALENDAR') {
        block = newBlock(events.length);
        seen = new Set();
      }
      continue;
    }
    if (line.name === 'END') {
      const component = line.value.trim().toUpperCase();
      if (stack[stack.length - 1] !== component) continue;
      stack.pop();
      if (timezone) {
        timezone.push(`END:${component}`);
        if (component === 'VTIMEZONE') {
          timezones.push(...timezone);
          timezone = null;
        }
      } else if (component === 'VEVENT' && block && stack[stack.length - 1] === 'VCALENDAR') {
        if (block.hasStart) events.push(block);
        else warnings.add('An event without DTSTART was skipped');
        block = null;
      }
      continue;
    }
    if (timezone) {
      timezone.push(`${line.name}${line.paramText}:${line.value}`);
      if (line.name === 'TZID' && stack[stack.length - 1] === 'VTIMEZONE') timezoneIds.add(line.value.trim().replace(/^"(.*)"$/, '$1'));
    }
    else if (block && stack[stack.length - 1] === 'VEVENT') readProperty(block, line, seen, warnings);
  }
  if (!sawCalendar) throw new IcalParseError({ id: 'server.calendarSync.error.notIcalendar' });
  for (const event of events) {
    // Without a UID nothing ties the event to itself across fetches; its content is the next best.
    if (!event.uid) event.uid = `nouid-${createHash('sha1').update(event.lines.join('\n')).update(event.summary).digest('hex')}`;
  }
  return { timezones, timezoneIds, events };
}

function isNewer(candidate: EventBlock, kept: EventBlock): boolean {
  if (candidate.sequence !== kept.sequence) return candidate.sequence > kept.sequence;
  if (candidate.lastModified !== kept.lastModified) {
    // Digit strings of the same form compare by length first, then lexically.
    if (candidate.lastModified.length !== kept.lastModified.length) return candidate.lastModified.length > kept.lastModified.length;
    return candidate.lastModified > kept.lastModified;
  }
  return true;
}

/** One block per UID + RECURRENCE-ID: the highest SEQUENCE, then LAST-MODIFIED, then the later. */
function latestVersions(events: EventBlock[]): EventBlock[] {
  const kept = new Map<string, EventBlock>();
  for (const event of events) {
    const key = `${event.uid}\u0000${event.recurrenceKey}`;
    const current = kept.get(key);
    if (!current || isNewer(event, current)) kept.set(key, event);
  }
  return [...kept.values()];
}

// ── node-ical ───────────────────────────────────────────────────────────────────────────────

const BLOCK_PROPERTY = 'X-STAYKEEP-BLOCK';
/** node-ical keeps X- properties without their "X-" prefix. */
const BLOCK_KEY = BLOCK_PROPERTY.slice(2);

type UidGroup = { uid: string; token: string; master?: EventBlock; overrides: EventBlock[] };

function groupByUid(blocks: EventBlock[]): UidGroup[] {
  const groups = new Map<string, UidGroup>();
  for (const block of blocks) {
    let group = groups.get(block.uid);
    if (!group) {
      group = { uid: block.uid, token: `u${groups.size}`, overrides: [] };
      groups.set(block.uid, group);
    }
    if (block.recurrenceKey === '') group.master = block;
    else group.overrides.push(block);
  }
  return [...groups.values()];
}

function eventText(block: EventBlock, token: string): string {
  // The UID is replaced by a token: node-ical would unescape and unquote it, merging UIDs that
  // differ only in quotes or escapes.
  return ['BEGIN:VEVENT', `UID:${token}`, `${BLOCK_PROPERTY}:${block.index}`, ...block.lines, 'END:VEVENT'].join('\n');
}

function calendarText(timezones: string[], groups: UidGroup[]): string {
  // Masters first: an override met before its master would lend the master its own fields.
  const masters = groups.flatMap((g) => (g.master ? [eventText(g.master, g.token)] : []));
  const overrides = groups.flatMap((g) => g.overrides.map((o) => eventText(o, g.token)));
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', ...timezones, ...masters, ...overrides, 'END:VCALENDAR'].join('\n');
}

function register(parsed: Map<number, VEvent>, event: VEvent | Omit<VEvent, 'recurrences'>): void {
  const index = Number(event[BLOCK_KEY]);
  if (Number.isInteger(index)) parsed.set(index, event as VEvent);
}

function runNodeIcal(text: string, parsed: Map<number, VEvent>): void {
  const data = nodeIcal.sync.parseICS(text);
  for (const value of Object.values(data)) {
    if (!value || value.type !== 'VEVENT') continue;
    const event = value as VEvent;
    register(parsed, event);
    for (const override of Object.values(event.recurrences ?? {})) register(parsed, override);
  }
}

/** node-ical's view of every block, by block index. A group node-ical rejects is skipped alone. */
function parseBlocks(timezones: string[], groups: UidGroup[], warnings: Set<string>): Map<number, VEvent> {
  const parsed = new Map<number, VEvent>();
  try {
    runNodeIcal(calendarText(timezones, groups), parsed);
  } catch {
    parsed.clear();
    for (const group of groups) {
      try {
        runNodeIcal(calendarText(timezones, [group]), parsed);
      } catch (error) {
        warnings.add(`Event ${group.uid} was skipped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return parsed;
}

// ── Instances ───────────────────────────────────────────────────────────────────────────────

/**
 * How an event's times are compared: all-day events by day number, floating times by their wall
 * clock (encoded as UTC milliseconds), zoned times by instant.
 */
type Frame =
  | { kind: 'date' }
  | { kind: 'floating'; zone: string | undefined; anchorInstant: number; anchorWall: number }
  | { kind: 'zoned'; zone: string };

type Span = { days: number } | { exactMs: number; nominalDays: number };

type Parsed = { block: EventBlock; event: VEvent };

/** Outlook's custom TZIDs: without their VTIMEZONE, node-ical guesses the server's own zone. */
const MICROSOFT_CUSTOM_TZID = /^(?:tzone:\/\/Microsoft\/|Customized Time Zone|\(no TZ description\))/;

function frameOf(master: Parsed, timezoneIds: ReadonlySet<string>): Frame {
  const { block, event } = master;
  const start = event.start;
  if (start.dateOnly) return { kind: 'date' };
  const zone = knownZone(start.tz);
  const guessed = block.startTzid !== null && MICROSOFT_CUSTOM_TZID.test(block.startTzid) && !timezoneIds.has(block.startTzid);
  if (block.floating || guessed || (block.startTzid !== null && !zone)) {
    // Read as a wall clock, so that no server zone leaks into the stay dates.
    return { kind: 'floating', zone, anchorInstant: start.getTime(), anchorWall: wallMsOfParsed(start) };
  }
  return { kind: 'zoned', zone: zone ?? 'UTC' };
}

/** A value node-ical parsed, as a point of the frame (day number, wall ms or instant). */
function pointOfParsed(d: DateWithTimeZone, frame: Frame): number {
  if (frame.kind === 'date') return toDayNumber(dayOfParsed(d));
  if (frame.kind === 'floating') return wallMsOfParsed(d);
  return d.getTime();
}

/** An occurrence node-ical's RRULE produced, as a point of the frame. */
function pointOfOccurrence(d: Date, frame: Frame): number {
  if (frame.kind === 'date') return toDayNumber(localDay(d));
  if (frame.kind === 'floating') {
    // Without a zone node-ical expands floating rules in UTC from the local-time anchor.
    return frame.zone ? wallMsInZone(d.getTime(), frame.zone) : frame.anchorWall + (d.getTime() - frame.anchorInstant);
  }
  return d.getTime();
}

/** The instance id of a point: RECURRENCE-ID style, stable whatever the server's TZ. */
function idOfPoint(point: number, frame: Frame): string {
  if (frame.kind === 'date') return fromDayNumber(point).replaceAll('-', '');
  if (frame.kind === 'floating') return stampOfWallMs(point);
  return `${stampOfWallMs(point)}Z`;
}

/** Every key under which an override or EXDATE may name this occurrence. */
function keysOfPoint(point: number, frame: Frame): string[] {
  const id = idOfPoint(point, frame);
  if (frame.kind === 'date') return [id];
  if (frame.kind === 'floating') return [id, `D${id.slice(0, 8)}`];
  const wall = wallMsInZone(point, frame.zone);
  return [id, `D${dayOfWallMs(wall).replaceAll('-', '')}`, `W${stampOfWallMs(wall)}`];
}

/** The one key a RECURRENCE-ID or EXDATE value is filed under, in the master's frame. */
function keyOfParsed(d: DateWithTimeZone, frame: Frame): string {
  const day = dayOfParsed(d).replaceAll('-', '');
  if (frame.kind === 'date') return day;
  if (d.dateOnly) return `D${day}`;
  if (frame.kind === 'floating') return stampOfWallMs(wallMsOfParsed(d));
  return d.tz ? `${stampOfWallMs(d.getTime())}Z` : `W${stampOfWallMs(localWallMs(d))}`;
}

const DURATION_RE = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;

function parseDuration(text: string): { sign: number; days: number; ms: number } | null {
  const m = DURATION_RE.exec(text);
  if (!m || text.toUpperCase() === 'P' || text.toUpperCase().endsWith('T')) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  return { sign: m[1] === '-' ? -1 : 1, days: n(2) * 7 + n(3), ms: (n(4) * 3600 + n(5) * 60 + n(6)) * 1000 };
}

/**
 * How long one instance lasts. All-day: whole days, at least one (a DATE start alone is one
 * night). Timed: an exact part and a nominal-days part (RFC 5545: "P1D" is the same wall time
 * next day); null when it takes no time, which blocks nothing.
 */
function spanOf(p: Parsed, frame: Frame, inherited: Span | null, warnings: Set<string>): Span | null {
  const { block, event } = p;
  const duration = block.duration === null ? null : parseDuration(block.duration);
  if (block.duration !== null && !duration) warnings.add(`Event ${block.uid}: DURATION "${block.duration}" is not a duration and was ignored`);
  if (frame.kind === 'date') {
    let days = 1;
    if (block.hasEnd && event.end) days = pointOfParsed(event.end, frame) - pointOfParsed(event.start, frame);
    else if (duration) days = duration.sign * (duration.days + Math.ceil(duration.ms / DAY_MS));
    else if (inherited) return inherited;
    return { days: Math.max(1, days) };
  }
  let span: Span;
  if (block.hasEnd && event.end) {
    span = { exactMs: pointOfParsed(event.end, frame) - pointOfParsed(event.start, frame), nominalDays: 0 };
  } else if (duration) {
    span = { exactMs: duration.sign * duration.ms, nominalDays: duration.sign * duration.days };
  } else {
    return inherited;
  }
  return span.exactMs + span.nominalDays * DAY_MS > 0 ? span : null;
}

function spanMs(span: Span): number {
  return 'days' in span ? span.days * DAY_MS : span.exactMs + span.nominalDays * DAY_MS;
}

type Context = { zone: string; window: SyncWindow; timezoneIds: ReadonlySet<string>; maxInstances: number; warnings: Set<string>; out: IcalInstance[] };

/** Stay dates of an instance starting at `point`. */
function stayDates(point: number, span: Span, frame: Frame, zone: string): { start: string; end: string } {
  if (frame.kind === 'date' || 'days' in span) {
    const start = frame.kind === 'date' ? fromDayNumber(point) : dayOfPoint(point, frame, zone);
    return { start, end: addDays(start, 'days' in span ? span.days : 1) };
  }
  const start = dayOfPoint(point, frame, zone);
  let end = addDays(dayOfPoint(point + span.exactMs, frame, zone), span.nominalDays);
  // A stay of a few hours still takes that day.
  if (end <= start) end = addDays(start, 1);
  return { start, end };
}

function dayOfPoint(point: number, frame: Frame, zone: string): string {
  if (frame.kind === 'date') return fromDayNumber(point);
  if (frame.kind === 'floating') return dayOfWallMs(point);
  return dateInZone(point, zone);
}

function emit(ctx: Context, uid: string, recurrenceId: string, point: number, span: Span, frame: Frame, texts: { summary: string; description: string }): void {
  const { start, end } = stayDates(point, span, frame, ctx.zone);
  if (end <= ctx.window.start || start >= ctx.window.end) return;
  if (ctx.out.length >= ctx.maxInstances) {
    throw new IcalParseError({ id: 'server.calendarSync.error.tooManyEvents', values: { max: ctx.maxInstances } });
  }
  ctx.out.push({ uid, recurrenceId, start, end, summary: texts.summary, description: texts.description, ...classifyEvent(texts.summary, texts.description) });
}

/** Occurrence points of a master within the window (its DTSTART alone when it does not recur). */
function occurrencePoints(master: Parsed, frame: Frame, span: Span, window: SyncWindow): number[] {
  const { event } = master;
  if (!event.rrule) return [pointOfParsed(event.start, frame)];
  const reach = spanMs(span) + 2 * DAY_MS;
  const from = Date.UTC(...ymd(window.start)) - reach;
  const to = Date.UTC(...ymd(window.end)) + 2 * DAY_MS;
  return event.rrule.between(new Date(from), new Date(to), true).map((d) => pointOfOccurrence(d, frame));
}

function ymd(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

function uniqueDates(values: Record<string, DateWithTimeZone> | undefined): DateWithTimeZone[] {
  return [...new Set(Object.values(values ?? {}))].filter(isValidDate);
}

function isValidDate(value: unknown): value is DateWithTimeZone {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function expandGroup(group: UidGroup, parsed: Map<number, VEvent>, ctx: Context): void {
  const lookup = (block: EventBlock): Parsed | null => {
    const event = parsed.get(block.index);
    if (!event || !isValidDate(event.start)) {
      ctx.warnings.add(`Event ${group.uid} was skipped: its DTSTART is not a date`);
      return null;
    }
    if (block.hasEnd && !isValidDate(event.end)) {
      ctx.warnings.add(`Event ${group.uid}: its DTEND is not a date and was ignored`);
      return { block: { ...block, hasEnd: false }, event };
    }
    return { block, event };
  };
  const overrides = group.overrides.map(lookup).filter((p): p is Parsed => p !== null);
  const master = group.master ? lookup(group.master) : null;

  if (!master) {
    // Overrides whose master is not in the feed (an invitation to one instance): each stands alone.
    for (const o of overrides) {
      if (o.block.status === 'CANCELLED' || !isValidDate(o.event.recurrenceid)) continue;
      const frame = frameOf(o, ctx.timezoneIds);
      const span = spanOf(o, frame, null, ctx.warnings);
      if (span) emit(ctx, group.uid, keyOfParsed(o.event.recurrenceid, frame), pointOfParsed(o.event.start, frame), span, frame, o.block);
    }
    return;
  }
  if (master.block.status === 'CANCELLED') return;

  const frame = frameOf(master, ctx.timezoneIds);
  const span = spanOf(master, frame, null, ctx.warnings);
  const byKey = new Map<string, Parsed>();
  for (const o of overrides) if (isValidDate(o.event.recurrenceid)) byKey.set(keyOfParsed(o.event.recurrenceid, frame), o);
  const excluded = new Set(uniqueDates(master.event.exdate).map((d) => keyOfParsed(d, frame)));
  const used = new Set<Parsed>();

  const recurring = Boolean(master.event.rrule);
  let points: number[];
  try {
    points = occurrencePoints(master, frame, span ?? { days: 0 }, ctx.window);
  } catch (error) {
    ctx.warnings.add(`Event ${group.uid}: its RRULE could not be expanded (${error instanceof Error ? error.message : String(error)})`);
    return;
  }
  const needsKeys = recurring || byKey.size > 0 || excluded.size > 0;
  for (const point of points) {
    const keys = needsKeys ? keysOfPoint(point, frame) : [];
    const override = keys.map((k) => byKey.get(k)).find((o) => o !== undefined);
    if (override) used.add(override);
    if (keys.some((k) => excluded.has(k))) continue;
    const recurrenceId = recurring ? (keys[0] as string) : '';
    if (!override) {
      if (span) emit(ctx, group.uid, recurrenceId, point, span, frame, master.block);
      continue;
    }
    if (override.block.status !== 'CANCELLED') emitOverride(ctx, group.uid, recurrenceId, override, master, frame, span);
  }
  // An override of an occurrence the rule does not produce (or one outside the searched range
  // that was moved into the window) is still an instance the feed publishes.
  for (const o of overrides) {
    if (used.has(o) || o.block.status === 'CANCELLED' || !isValidDate(o.event.recurrenceid)) continue;
    const key = keyOfParsed(o.event.recurrenceid, frame);
    if (!excluded.has(key)) emitOverride(ctx, group.uid, key, o, master, frame, span);
  }
}

/**
 * An override is a component of its own: its dates are read in its own frame (an instance of an
 * all-day series may be moved to a timed slot, and back). Without DTEND or DURATION it keeps the
 * series' length, which producers rely on when they only move an instance.
 */
function emitOverride(ctx: Context, uid: string, recurrenceId: string, override: Parsed, master: Parsed, masterFrame: Frame, masterSpan: Span | null): void {
  const frame = frameOf(override, ctx.timezoneIds);
  const sameUnits = (frame.kind === 'date') === (masterFrame.kind === 'date');
  const span = spanOf(override, frame, sameUnits ? masterSpan : null, ctx.warnings);
  if (span) emit(ctx, uid, recurrenceId, pointOfParsed(override.event.start, frame), span, frame, textsOf(override, master));
}

function textsOf(override: Parsed, master: Parsed): { summary: string; description: string } {
  return {
    summary: override.block.summary || master.block.summary,
    description: override.block.description || master.block.description,
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ALL_DAY_LINE = /^(DTSTART|DTEND);VALUE=DATE:(\d{4})(\d{2})(\d{2})$/;

/** The day of an all-day line as written, when it names a real calendar day. */
function allDayOf(line: string): { name: string; day: string } | null {
  const m = ALL_DAY_LINE.exec(line);
  if (!m) return null;
  const [, name = '', y = '', mo = '', d = ''] = m;
  const day = `${y}-${mo}-${d}`;
  try {
    toDayNumber(day);
  } catch {
    // An impossible day (Feb 30) is what node-ical rolls over: left to it.
    return null;
  }
  return { name, day };
}

/**
 * The instance of a plain all-day event (what OTAs export: one DTSTART;VALUE=DATE, maybe one
 * DTEND;VALUE=DATE, nothing else for node-ical: no recurrence, no override, no DURATION), read
 * straight from its lines; null for anything else, which node-ical reads. The result is what
 * expandGroup makes of node-ical's reading of it: start day, nights from DTEND (at least one), no
 * instance id; node-ical, run on a feed of thousands of such events, costs most of a parse.
 */
function plainAllDay(group: UidGroup): { start: string; nights: number; block: EventBlock } | null {
  const block = group.master;
  if (!block || group.overrides.length > 0 || block.duration !== null || block.recurrenceKey !== '' || block.lines.length > 2) return null;
  let start: string | null = null;
  let end: string | null = null;
  for (const line of block.lines) {
    const value = allDayOf(line);
    if (!value) return null;
    if (value.name === 'DTSTART') start = value.day;
    else end = value.day;
  }
  if (start === null || (block.hasEnd && end === null)) return null;
  return { start, nights: end === null ? 1 : Math.max(1, toDayNumber(end) - toDayNumber(start)), block };
}

/**
 * Parses a feed into one instance per event instance within the sync window, sorted by start.
 * Throws IcalParseError when the bytes are not an iCalendar file.
 */
export function parseIcalFeed(raw: Uint8Array | string, options: ParseOptions): ParseResult {
  try {
    zoneFormatter(options.timezone);
  } catch {
    throw new IcalParseError({ id: 'server.calendarSync.error.unknownTimezone', values: { timezone: options.timezone } });
  }
  const warnings = new Set<string>();
  const window = syncWindow(options.today);
  const { timezones, timezoneIds, events } = collectComponents(icalLines(raw), warnings);
  const groups = groupByUid(latestVersions(events));
  const plain = groups.map(plainAllDay);
  const parsed = parseBlocks(
    timezones,
    groups.filter((_, i) => plain[i] === null),
    warnings,
  );
  const ctx: Context = { zone: options.timezone, window, timezoneIds, maxInstances: options.maxInstances ?? MAX_INSTANCES, warnings, out: [] };
  groups.forEach((group, i) => {
    const simple = plain[i];
    if (!simple) expandGroup(group, parsed, ctx);
    else if (simple.block.status !== 'CANCELLED') emit(ctx, group.uid, '', toDayNumber(simple.start), { days: simple.nights }, { kind: 'date' }, simple.block);
  });

  const seen = new Set<string>();
  const instances = ctx.out.filter((i) => {
    const key = `${i.uid}\u0000${i.recurrenceId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  instances.sort((a, b) => compareText(a.start, b.start) || compareText(a.uid, b.uid) || compareText(a.recurrenceId, b.recurrenceId));
  return { instances, window, warnings: [...warnings] };
}
