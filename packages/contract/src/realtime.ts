import type { ActivityItem } from './schemas/activity.ts';

export type NetworkingState = 'idle' | 'running' | 'completed' | 'stopped';

export interface BubblePayload {
  module: { type: string; app_module_id: number };
  items: number[];
}

/** Events the server emits (spec 1 §7 Socket). */
export interface ServerToClientEvents {
  showBubble: (payload: BubblePayload) => void;
  refreshActivity: (payload: { activity: ActivityItem }) => void;
  speedNetworking: (payload: { state: NetworkingState; mode: 'speedNetworking' }) => void;
  groupNetworking: (payload: { state: NetworkingState; mode: 'groupNetworking' }) => void;
  networkingActivity: (payload: { state: NetworkingState }) => void;
  /** Sent before a graceful shutdown: reconnect elsewhere. */
  serverRestart: () => void;
}

export interface ClientToServerEvents {
  getBubbles: () => void;
}

export const SOCKET_PATH = '/socket.io';
