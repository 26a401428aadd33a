// The web-push service worker (issue 18 §1): shows what the server pushes ({ title, body, url, tag })
// and opens its dashboard path on a click. Registered by the profile's "browser notifications" switch.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Khidma';
  event.waitUntil(self.registration.showNotification(title, { body: data.body || '', tag: data.tag, icon: '/favicon.svg', data: { url: data.url || '/dashboard' } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
