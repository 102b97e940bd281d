/**
 * The `z` that drizzle-zod gets in the client build (scripts/vite-zod-trim.ts, `drizzleZodNamespace`).
 * drizzle-zod (shared/schema/entities.ts) imports zod's whole namespace and passes it around as a
 * value (`factory?.zodInstance ?? z`), so the bundler keeps everything the namespace names: every
 * locale, JSON Schema conversion both ways, the schema compiler (about 200 KB minified, in a chunk
 * every role's device downloads). This object holds only the builders drizzle-zod calls, taken by
 * name so that the rest of zod shakes out. A builder it starts calling after an upgrade would be
 * missing here: `zod-for-drizzle.test.ts` checks the list against drizzle-zod's source.
 */
import { any, array, bigint, boolean, coerce, custom, date, enum as enumOf, int, null as nullOf, number, object, record, string, tuple, union, uuid } from 'zod';

export const z = { any, array, bigint, boolean, coerce, custom, date, enum: enumOf, int, null: nullOf, number, object, record, string, tuple, union, uuid };
