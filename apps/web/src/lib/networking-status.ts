import type { NetworkingState } from '@app/contract/realtime';
import { useSyncExternalStore } from 'react';

/* Latest speed/group networking state, for the banner and the top strip (spec 1 §4 Networking session). */
export interface NetworkingStatus {
  state: NetworkingState;
  mode: 'speedNetworking' | 'groupNetworking';
}
let networking: NetworkingStatus | null = null;
const listeners = new Set<() => void>();

/** Written by the networking module's socket events; cleared when the socket closes. */
export function setNetworkingStatus(next: NetworkingStatus | null) {
  networking = next;
  for (const l of listeners) l();
}

export const networkingStore = {
  get: () => networking,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useNetworkingStatus(): NetworkingStatus | null {
  return useSyncExternalStore(networkingStore.subscribe, networkingStore.get, networkingStore.get);
}
