// The service worker (served as /sw.js): shows a pushed notification while no page of the app is open, and opens
// (or focuses) the app where it leads when it is clicked. The payload is what src/app/push.ts sends; its `id` is the
// notification's tag, so a repeated push of one notification replaces it instead of showing it twice.

/** The parts of the worker's global scope used here (the DOM library has no ServiceWorkerGlobalScope). */
interface WorkerScope {
  addEventListener(type: 'push', f: (e: { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: 'notificationclick',
    f: (e: { notification: { close(): void; data: { url?: string } | null }; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(type: 'install' | 'activate', f: (e: { waitUntil(p: Promise<unknown>): void }) => void): void;
  readonly registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  readonly clients: {
    matchAll(o: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<{ url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown>; postMessage(m: unknown): void }[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
}

const sw = self as unknown as WorkerScope;

sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (e) => {
  const p = (e.data?.json() ?? {}) as { id?: string; title?: string; body?: string; url?: string };
  e.waitUntil(
    Promise.all([
      sw.registration.showNotification(p.title ?? 'Narrator', { body: p.body ?? '', tag: p.id, data: { url: p.url ?? '/' } }),
      // An open page refreshes its list at once.
      sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
        for (const page of pages) page.postMessage({ type: 'push', id: p.id });
      }),
    ]),
  );
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = e.notification.data?.url ?? '/';
  e.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (pages) => {
      const page = pages[0];
      if (!page) return sw.clients.openWindow(url);
      await page.navigate(url).catch(() => undefined);
      return page.focus();
    }),
  );
});
