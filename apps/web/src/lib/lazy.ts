import { type ComponentType, lazy } from 'react';

/** React.lazy that retries a failed chunk load 3 times, 1000 ms apart (spec 1 §7). */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, retries = 3, delayMs = 1000) {
  return lazy(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load();
      } catch (err) {
        if (attempt >= retries) throw err;
        await new Promise((r) => setTimeout(r, delayMs));
      }
    }
  });
}
