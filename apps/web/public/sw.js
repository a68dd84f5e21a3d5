/* Service worker: app shell caching, update flow and web push (spec 1 §4). */
const CACHE = 'static-v1';
/** The last page of each address the member opened, with its first screen (lib/boot-data.ts). */
const PAGES = 'pages-v1';
/** Addresses that are never the app's pages (as the server's NOT_SPA). */
const NOT_PAGE = /^\/(api|console|dev\/outbox|auth\/oauth|uploads|files|healthz|socket\.io|js|css|assets|icons)(\/|$)|\.[a-z0-9]+$/i;

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/**
 * A page the member opened before shows at once from the cache, and the network's answer replaces it
 * for the next visit (stale while revalidate); the page itself refreshes what it shows when its
 * first screen is older than a few seconds. Only plain addresses (no query: a sign-in link's token
 * never lands in the cache); the app deletes the cache at logout.
 */
function page(event) {
  const fresh = fetch(event.request).then(async (res) => {
    const type = res.headers.get('content-type') || '';
    if (res.ok && type.startsWith('text/html')) {
      const cache = await caches.open(PAGES);
      await cache.put(event.request.url, res.clone());
    }
    return res;
  });
  event.respondWith(
    caches.match(event.request.url, { cacheName: PAGES }).then((hit) => {
      if (!hit) return fresh;
      event.waitUntil(fresh.catch(() => undefined));
      return hit;
    }),
  );
}

// Hashed chunks never change: cache first. Pages: above. Everything else goes to the network.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (event.request.mode === 'navigate') {
    if (!url.search && !NOT_PAGE.test(url.pathname)) page(event);
    return;
  }
  if (!/^\/(js|css|assets)\//.test(url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const res = await fetch(event.request);
      if (res.ok) cache.put(event.request, res.clone());
      return res;
    }),
  );
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      icon: '/app-icon.svg',
      // One notification per conversation: a newer message replaces the older one (chats send a tag).
      ...(data.tag ? { tag: data.tag, renotify: true } : {}),
      // The page to open: click_url (url in older payloads).
      data: { url: data.click_url || data.url || '/', pushAnalyticsId: data.pushAnalyticsId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, pushAnalyticsId } = event.notification.data || {};
  let target = new URL(url || '/', self.location.origin);
  // Only a page of this app opens: a payload naming another site opens the app's start.
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  // The page reports the opening (PUT /push-open/{id}) with the member's token, which a worker has not.
  if (pushAnalyticsId) target.searchParams.set('push-open', String(pushAnalyticsId));
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      for (const c of list) {
        if ('focus' in c) {
          c.navigate(target.toString());
          return c.focus();
        }
      }
      return self.clients.openWindow(target.toString());
    }),
  );
});
