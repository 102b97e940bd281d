/*
 * Zod runs jitless on this page, set before any bundle runs. The bundler evaluates shared chunks
 * (where the schemas are built) before the entry module's own code, so the z.config call of
 * client/src/pwa/zod-jitless.ts comes too late on the page; zod reads its configuration from this
 * global, shared by every copy of zod. Without it zod probes `new Function('')`, which the Content
 * Security Policy refuses and reports on every load. A classic script: it runs before the
 * deferred module scripts.
 */
(function () {
  var config = globalThis.__zod_globalConfig || (globalThis.__zod_globalConfig = {});
  config.jitless = true;
})();
