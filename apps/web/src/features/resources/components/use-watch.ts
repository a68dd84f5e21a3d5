import { useEffect } from 'react';

/** While a resources screen is open, the module's changes come over the socket. */
export function useWatch(moduleId: number) {
  useEffect(() => {
    let on = true;
    const live = import('../live.ts');
    void live.then((m) => on && m.watch(moduleId, true));
    return () => {
      on = false;
      void live.then((m) => m.watch(moduleId, false));
    };
  }, [moduleId]);
}
