import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { live } from '../live-loader.ts';

/** While a resources screen is open, the module's changes come over the socket. */
export function useWatch(moduleId: number) {
  const qc = useQueryClient();
  useEffect(() => {
    let on = true;
    void live().then((m) => on && m.watch(qc, moduleId, true));
    return () => {
      on = false;
      void live().then((m) => m.watch(qc, moduleId, false));
    };
  }, [qc, moduleId]);
}
