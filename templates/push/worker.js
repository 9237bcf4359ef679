// Tabula's service worker (vtt/push/): shows a turn notice the server pushed, and a click on it
// opens its table (focusing a tab that already shows it).
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = {};
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Tabula", {
      body: notice.body || "",
      tag: notice.tag || "tabula",
      renotify: true,
      data: { url: notice.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || "/";
  var url = new URL(wanted, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (tabs) {
      for (var i = 0; i < tabs.length; i++) {
        if (tabs[i].url === url && "focus" in tabs[i]) {
          return tabs[i].focus();
        }
      }
      return self.clients.openWindow(url);
    })
  );
});
