/**
 * The web build's `zod` (vite.config.ts aliases it here): zod's fast path compiles parsers with
 * `new Function`, which the Content-Security-Policy forbids, and even its probe for eval shows up
 * as a violation report. Configured before any schema is built, as every import of zod goes
 * through this module.
 */
import * as zod from 'zod/v4';

zod.config({ jitless: true });

export * from 'zod/v4';
export { zod as z };
