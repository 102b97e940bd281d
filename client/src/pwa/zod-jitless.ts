/**
 * Zod runs jitless: zod 4 otherwise probes `new Function('')` when the first object schema is
 * built, which the Content Security Policy refuses (`script-src` without `unsafe-eval`) and reports
 * as a violation on every load. Jitless parsing is the same validation without generated code.
 *
 * Imported first by the service worker (client/src/sw.ts: one bundle, so this runs before any
 * schema is built). The page does not import it: the bundler runs the shared chunks, where the
 * schemas are built, before the entry's own code, and the entry loads no zod at all (README,
 * "Budgets"); there client/public/zod-jitless.js, a classic script in index.html, sets zod's
 * shared configuration before any module runs.
 */
import { z } from 'zod';

z.config({ jitless: true });
