/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes once whether it
 * may: under our CSP (script-src 'self', no 'unsafe-eval') that probe is reported as a violation.
 * zod's own switch, `z.config({ jitless: true })`, writes to a store on globalThis
 * (`__zod_globalConfig`, zod/v4/core/core.js) that zod reads when a schema is created. It is set
 * here, first thing in the entry, before any chunk defines a schema, without pulling zod into the
 * entry chunk (the server keeps the faster compiled parsers).
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
