// The service worker of Meeple Hall's Web Push notices: it shows each push (what the mail would
// say: the table and whose turn) and opens the table when the notice is clicked.
self.addEventListener("push", function (event) {
  var notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (e) { notice = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(notice.title || "Meeple Hall", {
    body: notice.body || "",
    icon: "/static/img/meeple.svg",
    data: { url: notice.url || "/" },
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.openWindow(url));
});
