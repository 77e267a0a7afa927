// The settings page's "push notices in this browser" switch: it registers the service worker,
// subscribes with the site's VAPID key and hands the subscription to the server (or takes it
// back). Loaded only on that page.
(function () {
  var box = document.getElementById("push-settings");
  if (!box) return;
  var state = document.getElementById("push-state");
  var on = document.getElementById("push-on"), off = document.getElementById("push-off");
  function say(text) { state.textContent = text; }
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say("This browser cannot show push notices.");
    on.hidden = off.hidden = true;
    return;
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function post(body) {
    return fetch(box.dataset.url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    }).then(function (answer) {
      if (!answer.ok) return answer.text().then(function (text) { throw new Error(text); });
    });
  }
  function key() {
    var raw = atob(box.dataset.key.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    say(subscribed ? "This browser shows your notices." : "This browser shows no notices.");
  }
  navigator.serviceWorker.register(box.dataset.worker, { scope: "/" }).then(function (registration) {
    return registration.pushManager.getSubscription();
  }).then(function (subscription) { show(!!subscription); });
  on.addEventListener("click", function () {
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key() });
    }).then(function (subscription) {
      return post(subscription.toJSON());
    }).then(function () { show(true); }, function (error) {
      say("Push notices could not be turned on: " + error.message);
    });
  });
  off.addEventListener("click", function () {
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () { return post({ endpoint: endpoint, remove: true }); });
    }).then(function () { show(false); });
  });
})();
