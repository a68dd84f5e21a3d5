import type { ActivityItem } from './schemas/activity.ts';

export type NetworkingState = 'idle' | 'running' | 'completed' | 'stopped';

/** Which session and round a speed/group networking event is about (optional: the spec's payload is state and mode). */
export interface NetworkingSessionTick {
  session_id?: number;
  app_module_id?: number;
  round?: number;
  /** When the round or break ends, epoch ms. */
  ends_at?: number | null;
}

export interface BubblePayload {
  module: { type: string; app_module_id: number };
  items: number[];
}

/** Events the server emits (spec 1 §7 Socket); a module augments this from its contract file. */
export interface ServerToClientEvents {
  showBubble: (payload: BubblePayload) => void;
  refreshActivity: (payload: { activity: ActivityItem }) => void;
  speedNetworking: (payload: { state: NetworkingState; mode: 'speedNetworking' } & NetworkingSessionTick) => void;
  groupNetworking: (payload: { state: NetworkingState; mode: 'groupNetworking' } & NetworkingSessionTick) => void;
  /** The organisers changed the app (branding, settings, menu): read its configuration and menu again. */
  appChanged: () => void;
  /**
   * Reconnect after a short random delay (the reconnection catches up): sent before a graceful
   * shutdown, and when this node's broadcast listener was cut off (a database outage) and broadcasts
   * may have been missed.
   */
  serverRestart: () => void;
}

/**
 * Events a client may send. Each has a zod schema for its one argument (`clientEvents`
 * of schemas/realtime.ts for the shell, `<m>Events` in a module's contract file); the server validates every
 * event against it before the module's handler runs and ignores events nobody declared.
 * A module adds its own events by augmenting these interfaces from its contract file:
 *
 *   declare module '../realtime.ts' { interface ClientToServerEvents { typing: (p: { chat: number }) => void } }
 */
export interface ClientToServerEvents {
  getBubbles: () => void;
}

/** No zod here: the shell imports this file, and zod must stay out of its first load. */
export const SOCKET_PATH = '/socket.io';
