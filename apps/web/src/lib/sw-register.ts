/**
 * Registers /sw.js. When an update is found it is told to skip waiting and
 * the page reloads once the new worker is active (spec 1 §4 Service worker).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let reloading = false;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((reg) => {
      const skip = (w: ServiceWorker | null) => w?.postMessage({ type: 'SKIP_WAITING' });
      if (reg.waiting) skip(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state === 'installed' && navigator.serviceWorker.controller) skip(w);
        });
      });
    })
    .catch(() => undefined);
}
