/**
 * The routes' search checks (`validateSearch`), without zod: a route's definition is in the
 * app's entry chunk (the router splits only its page), and zod there would load on every first
 * visit to /login. Each field reads one value of the address; a missing or bad value reads as
 * none (`undefined`), so that a mistyped link opens the page unfiltered rather than an error.
 * The router has already parsed the address: `?page=2` arrives as the number 2, `?a=true` as true.
 */

/** Reads one search value; `undefined` when absent or not acceptable. */
export type SearchField<T> = (value: unknown) => T | undefined;

type Parsed<F> = { [K in keyof F]?: F[K] extends SearchField<infer T> ? T : never };

/** A `validateSearch` function from one field reader per key; absent keys are left out. */
export function searchOf<F extends Record<string, SearchField<unknown>>>(fields: F): (search: Record<string, unknown>) => Parsed<F> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Parsed<F>;
  };
}

/** Text of at most `max` characters (a number the router parsed reads as its digits). */
export function text(max = 2000): SearchField<string> {
  return (value) => {
    const string = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    return typeof string === 'string' && string.length <= max ? string : undefined;
  };
}

/** Text matching `pattern`. */
export function matching(pattern: RegExp): SearchField<string> {
  const read = text();
  return (value) => {
    const string = read(value);
    return string !== undefined && pattern.test(string) ? string : undefined;
  };
}

/** One of `values`. */
export function oneOf<T extends string>(values: readonly T[]): SearchField<T> {
  return (value) => (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** A whole number within `min`..`max`, given as a number or as its digits. */
export function wholeNumber(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): SearchField<number> {
  return (value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
}

/** Any plain value (text, number or true/false): for a flag whose presence is what counts. */
export const present: SearchField<string | number | boolean> = (value) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
