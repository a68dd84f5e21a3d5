/**
 * The console build's `zod` (vite.config.ts aliases it here): zod's fast path compiles parsers with
 * `new Function`, which the Content-Security-Policy forbids. Configured before any schema is built.
 */
import * as zod from 'zod/v4';

zod.config({ jitless: true });

export * from 'zod/v4';
export { zod as z };
