// The site's service worker, served at /sw.js (arbiter/venue/views/push.py) so that its scope
// is the whole site: it shows the notifications the cards signed up for (docs/venue.md,
// "Notifications") and opens the card when one is tapped. It handles no fetch: every page is
// loaded as without it.
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch (error) {
      data = { body: event.data.text() };
    }
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Arbiter", {
      body: data.body || "",
      tag: data.tag || undefined,
      data: { url: data.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || "/";
  var url = new URL(wanted, self.location.origin);
  if (url.origin !== self.location.origin) return; // only this site's pages
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
      for (var i = 0; i < open.length; i++) {
        if (open[i].url === url.href && "focus" in open[i]) return open[i].focus();
      }
      return self.clients.openWindow(url.href);
    })
  );
});
