import { z } from 'zod';
import type { ClientToServerEvents } from '../realtime.ts';

/** The shell's own client events. */
export const clientEvents = {
  /** Send every module's bubbles again (tab visible again). No argument. */
  getBubbles: z.undefined(),
} satisfies { [K in keyof ClientToServerEvents]?: z.ZodType };
