/**
 * Zod runs jitless: zod 4 otherwise probes `new Function('')` when the first object schema is
 * built, which the Content Security Policy refuses (`script-src` without `unsafe-eval`) and reports
 * as a violation on every load. Jitless parsing is the same validation without generated code.
 *
 * Imported first by the service worker (client/src/sw.ts: one bundle, so this runs before any
 * schema is built) and by the page's entry (client/src/main.tsx). On the page the bundler runs
 * the shared chunks, where the schemas are built, before the entry's own code: there
 * client/public/zod-jitless.js, a classic script in index.html, sets the same flag first.
 */
import { z } from 'zod';

z.config({ jitless: true });
