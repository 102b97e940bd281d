/**
 * A quicker way through zod for the common, valid case: a zod schema compiled once into a plain
 * function that either returns exactly what the schema's parse would return, or says it is not
 * sure (UNSURE), and then zod itself decides, errors and all. The hot callers are a sync push
 * (1000 mutations, each an entity update: zod's per-node bookkeeping costs more than the write)
 * and the push route's body.
 *
 * Only what can be mirrored exactly is compiled: strings (length bounds, the ISO date-time
 * format, regex checks), finite numbers (bounds, safe integers), booleans, enums and literals,
 * optional, nullable, default (when a value is given), arrays, strip and strict objects, records
 * with a string key and unknown values. Anything else (transforms, refinements, trim, unions,
 * e-mails, pipes…) compiles to "always unsure". A value is also unsure where zod would report an
 * issue or fill something in, so the compiled function never rejects nor invents: acceptance is a
 * subset of zod's, and on it the output is zod's (new arrays and objects, keys in shape order).
 */
import { z } from 'zod';
import { util } from 'zod/v4/core';
import { parseOrThrow } from '../errors';

export const UNSURE: unique symbol = Symbol('unsure');
type Unsure = typeof UNSURE;
type Fast = (value: unknown) => unknown;

/** The parts of zod's internal definitions read here (zod v4 `_zod.def`). */
type CheckDef = {
  check: string;
  value?: unknown;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  format?: string;
  pattern?: RegExp;
  when?: unknown;
};
type Node = {
  _zod: {
    def: {
      type: string;
      checks?: readonly { _zod: { def: CheckDef } }[];
      coerce?: boolean;
      format?: string;
      pattern?: RegExp;
      innerType?: Node;
      element?: Node;
      shape?: Record<string, Node>;
      catchall?: Node;
      keyType?: Node;
      valueType?: Node;
    };
    optin?: string;
    optout?: string;
    values?: ReadonlySet<unknown>;
  };
};

const never: Fast = () => UNSURE;

/**
 * The `when` zod gives its length checks by default, read from a probe: any other `when` could
 * skip a check, so a check carrying one is not mirrored.
 */
const LENGTH_WHEN = (z.string().max(1) as unknown as Node)._zod.def.checks?.[0]?._zod.def.when;

type Bounds = { min: number; max: number; pattern: RegExp[]; safeInt: boolean; lower: { value: number; inclusive: boolean }[]; upper: { value: number; inclusive: boolean }[] };

/** The checks of a node, or undefined when one of them is not mirrored. */
function boundsOf(node: Node): Bounds | undefined {
  const bounds: Bounds = { min: 0, max: Infinity, pattern: [], safeInt: false, lower: [], upper: [] };
  for (const check of node._zod.def.checks ?? []) {
    const def = check._zod.def;
    switch (def.check) {
      case 'min_length':
      case 'max_length':
        if (def.when !== undefined && def.when !== LENGTH_WHEN) return undefined;
        if (def.check === 'min_length') bounds.min = Math.max(bounds.min, def.minimum ?? 0);
        else bounds.max = Math.min(bounds.max, def.maximum ?? Infinity);
        break;
      case 'greater_than':
      case 'less_than':
        if (def.when !== undefined || typeof def.value !== 'number') return undefined;
        (def.check === 'greater_than' ? bounds.lower : bounds.upper).push({ value: def.value, inclusive: def.inclusive === true });
        break;
      case 'number_format':
        if (def.when !== undefined || def.format !== 'safeint') return undefined;
        bounds.safeInt = true;
        break;
      case 'string_format':
        if (def.when !== undefined || def.format !== 'regex' || !(def.pattern instanceof RegExp)) return undefined;
        bounds.pattern.push(def.pattern);
        break;
      default:
        return undefined;
    }
  }
  return bounds;
}

function matches(pattern: RegExp, value: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(value);
}

/** A length within the bounds, measured as zod measures it (a string in code points). */
function lengthOk(value: string | readonly unknown[], bounds: Bounds): boolean {
  const units = value.length;
  if (typeof value !== 'string') return units >= bounds.min && units <= bounds.max;
  // Code points are at most the UTF-16 length and at least half of it: count only when in doubt.
  const long = units > bounds.max ? util.codePointLength(value) : units;
  const short = units >= bounds.min && units < bounds.min * 2 ? util.codePointLength(value) : units;
  return long <= bounds.max && short >= bounds.min;
}

function compileString(node: Node): Fast {
  const def = node._zod.def;
  if (def.coerce) return never;
  const bounds = boundsOf(node);
  if (!bounds) return never;
  const patterns = [...bounds.pattern];
  if (def.format !== undefined) {
    // A format is the schema's own check; the date-time one is a pattern and nothing more.
    if (def.format !== 'datetime' || !(def.pattern instanceof RegExp)) return never;
    patterns.unshift(def.pattern);
  }
  return (value) => {
    if (typeof value !== 'string' || !lengthOk(value, bounds)) return UNSURE;
    for (const pattern of patterns) if (!matches(pattern, value)) return UNSURE;
    return value;
  };
}

function compileNumber(node: Node): Fast {
  const def = node._zod.def;
  if (def.coerce) return never;
  const bounds = boundsOf(node);
  if (!bounds || bounds.pattern.length > 0 || bounds.min > 0 || bounds.max !== Infinity) return never;
  // z.int() and friends are number schemas that are their own format check.
  if (def.format !== undefined) {
    if (def.format !== 'safeint') return never;
    bounds.safeInt = true;
  }
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return UNSURE;
    if (bounds.safeInt && !Number.isSafeInteger(value)) return UNSURE;
    for (const b of bounds.lower) if (b.inclusive ? !(value >= b.value) : !(value > b.value)) return UNSURE;
    for (const b of bounds.upper) if (b.inclusive ? !(value <= b.value) : !(value < b.value)) return UNSURE;
    return value;
  };
}

function compileArray(node: Node): Fast {
  const bounds = boundsOf(node);
  const element = node._zod.def.element;
  if (!bounds || !element || bounds.pattern.length > 0 || bounds.safeInt || bounds.lower.length + bounds.upper.length > 0) return never;
  const item = compile(element);
  return (value) => {
    if (!Array.isArray(value) || !lengthOk(value, bounds)) return UNSURE;
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      const parsed = item(value[i]);
      if (parsed === UNSURE) return UNSURE;
      out[i] = parsed;
    }
    return out;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compileObject(node: Node): Fast {
  const def = node._zod.def;
  if ((def.checks?.length ?? 0) > 0 || !def.shape) return never;
  const catchall = def.catchall?._zod.def.type;
  // No catchall strips unknown keys (the output is built from the shape anyway); `never` refuses them.
  if (catchall !== undefined && catchall !== 'never') return never;
  const strict = catchall === 'never';
  const fields: { key: string; parse: Fast; optional: boolean }[] = [];
  for (const [key, child] of Object.entries(def.shape)) {
    if (key === '__proto__') return never;
    const optin = child._zod.optin;
    const optout = child._zod.optout;
    // Absent keys: required ones are an issue, 'optional' ones are left out, defaulted ones filled in by zod.
    fields.push({ key, parse: compile(child), optional: optin === 'optional' && optout === 'optional' });
  }
  // Parallel arrays and an indexed loop: this runs for every checklist item of every mutation.
  const names = fields.map((f) => f.key);
  const parsers = fields.map((f) => f.parse);
  const optional = fields.map((f) => f.optional);
  const count = names.length;
  const keys = new Set(names);
  return (value) => {
    if (!isObject(value)) return UNSURE;
    if (strict) {
      for (const key in value) if (!keys.has(key)) return UNSURE;
    }
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i += 1) {
      const key = names[i] as string;
      if (!(key in value)) {
        if (optional[i]) continue;
        return UNSURE;
      }
      const field = value[key];
      if (field === undefined) return UNSURE;
      const parsed = (parsers[i] as Fast)(field);
      if (parsed === UNSURE) return UNSURE;
      out[key] = parsed;
    }
    return out;
  };
}

function compileRecord(node: Node): Fast {
  const { keyType, valueType, checks } = node._zod.def;
  // A key schema with a value set makes zod walk those values instead: not mirrored.
  if (!keyType || !valueType || keyType._zod.values !== undefined || (checks?.length ?? 0) > 0) return never;
  const parseKey = compile(keyType);
  const parseValue = compile(valueType);
  return (value) => {
    if (!util.isPlainObject(value)) return UNSURE;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(source)) {
      if (typeof key !== 'string' || key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(source, key)) return UNSURE;
      if (parseKey(key) !== key) return UNSURE;
      const parsed = parseValue(source[key]);
      if (parsed === UNSURE) return UNSURE;
      out[key] = parsed;
    }
    return out;
  };
}

const compiled = new WeakMap<object, Fast>();

function compile(node: Node): Fast {
  const cached = compiled.get(node);
  if (cached) return cached;
  // Set first: a schema that refers to itself gets the (unsure) placeholder, never a loop.
  compiled.set(node, never);
  const fast = build(node);
  compiled.set(node, fast);
  return fast;
}

function build(node: Node): Fast {
  const def = node._zod.def;
  // A schema that is itself a check (a format): only the string and number ones are read above.
  if ('check' in def && def.type !== 'string' && def.type !== 'number') return never;
  const inner = def.innerType ? compile(def.innerType) : never;
  switch (def.type) {
    case 'string':
      return compileString(node);
    case 'number':
      return compileNumber(node);
    case 'boolean':
      if (def.coerce || (def.checks?.length ?? 0) > 0) return never;
      return (value) => (typeof value === 'boolean' ? value : UNSURE);
    case 'enum':
    case 'literal': {
      const values = node._zod.values;
      if (!values || (def.checks?.length ?? 0) > 0) return never;
      return (value) => (value !== undefined && values.has(value) ? value : UNSURE);
    }
    case 'unknown':
    case 'any':
      return (def.checks?.length ?? 0) > 0 ? never : (value) => value;
    case 'optional': {
      if (!def.innerType || def.innerType._zod.optin === 'defaulted' || (def.checks?.length ?? 0) > 0) return never;
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable':
      if ((def.checks?.length ?? 0) > 0) return never;
      return (value) => (value === null ? null : inner(value));
    case 'default':
      if ((def.checks?.length ?? 0) > 0) return never;
      // The default itself is zod's to give (it may copy it): only a given value is taken here.
      return (value) => {
        if (value === undefined) return UNSURE;
        const parsed = inner(value);
        return parsed === undefined ? UNSURE : parsed;
      };
    case 'array':
      return compileArray(node);
    case 'object':
      return compileObject(node);
    case 'record':
      return compileRecord(node);
    default:
      return never;
  }
}

/** The compiled form of `schema`: its parse result, or UNSURE when zod must decide. */
export function fastParser(schema: z.ZodType): (value: unknown) => unknown | Unsure {
  return compile(schema as unknown as Node);
}

/** `parseOrThrow(schema, value)`, through the compiled form when it is sure. */
export function parseFast<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = fastParser(schema)(value);
  return parsed === UNSURE ? parseOrThrow(schema, value) : (parsed as T);
}
