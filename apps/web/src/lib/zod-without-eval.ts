// Imported first by each entry, before anything loads zod. Our pages' Content-Security-Policy allows no eval
// (docs/decisions/027-security-headers-and-csp.md): zod must not compile its parsers with `new Function`, nor probe
// whether it may — a browser reports the probe as a policy violation even though zod catches it. Zod reads this
// global object as its configuration, so setting it needs no import of zod (the storefront loads zod late).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
