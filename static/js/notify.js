// A card's "Notify me on this phone" (templates/venue/_card_notify.html; docs/venue.md,
// "Notifications"): registers the site's service worker (/sw.js), asks the browser for a push
// subscription with the site's VAPID public key after the press (iOS asks for permission only
// after a gesture), and posts it to the card; "Stop" signs the browser off. No inline script:
// the texts come from the form's data attributes.
(function () {
  "use strict";
  var form = document.getElementById("notify-form");
  if (!form) return;
  var state = document.getElementById("notify-state");
  var on = document.getElementById("notify-on");
  var off = document.getElementById("notify-off");
  var text = form.dataset;

  function say(message) {
    state.textContent = message;
  }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }

  var supported =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  var ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  var standalone =
    window.matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

  function keyBytes(base64url) {
    var padded = base64url.replace(/-/g, "+").replace(/_/g, "/");
    padded += "=".repeat((4 - (padded.length % 4)) % 4);
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function sameKey(a, b) {
    if (!a) return true;
    var x = new Uint8Array(a);
    if (x.length !== b.length) return false;
    for (var i = 0; i < x.length; i++) if (x[i] !== b[i]) return false;
    return true;
  }

  function post(url, body) {
    var token = form.querySelector("[name=csrfmiddlewaretoken]").value;
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (data) {
          return { ok: response.ok && data.ok === true, message: data.message || text.failed };
        });
    });
  }

  var ready = null;
  function registration() {
    if (!ready) {
      ready = navigator.serviceWorker
        .register(text.worker, { scope: "/" })
        .then(function () {
          return navigator.serviceWorker.ready;
        });
    }
    return ready;
  }

  if (!supported) {
    on.disabled = true;
    say(ios && !standalone ? text.ios : text.unsupported);
    return;
  }
  if (Notification.permission === "denied") say(text.denied);

  registration()
    .then(function (reg) {
      return reg.pushManager.getSubscription();
    })
    .then(function (subscription) {
      if (subscription && Notification.permission === "granted") {
        show(true);
        say(text.on);
      }
      form.dataset.ready = "yes";
    })
    .catch(function () {
      form.dataset.ready = "no";
    });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    on.disabled = true;
    say(text.working);
    var key = keyBytes(text.key);
    Notification.requestPermission()
      .then(function (permission) {
        if (permission !== "granted") throw new Error("denied");
        return registration();
      })
      .then(function (reg) {
        return reg.pushManager.getSubscription().then(function (subscription) {
          if (subscription && sameKey(subscription.options.applicationServerKey, key)) {
            return subscription;
          }
          var gone = subscription ? subscription.unsubscribe() : Promise.resolve();
          return gone.then(function () {
            return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
          });
        });
      })
      .then(function (subscription) {
        return post(form.action, subscription.toJSON());
      })
      .then(function (answer) {
        show(answer.ok);
        say(answer.message);
      })
      .catch(function (error) {
        say(error && error.message === "denied" ? text.denied : text.failed);
      })
      .then(function () {
        on.disabled = false;
      });
  });

  off.addEventListener("click", function () {
    off.disabled = true;
    registration()
      .then(function (reg) {
        return reg.pushManager.getSubscription();
      })
      .then(function (subscription) {
        if (!subscription) return { ok: true, message: text.off };
        return post(text.unsubscribe, { endpoint: subscription.endpoint }).then(function (answer) {
          return subscription.unsubscribe().then(function () {
            return answer;
          });
        });
      })
      .then(function (answer) {
        show(false);
        say(answer.message);
      })
      .catch(function () {
        say(text.failed);
      })
      .then(function () {
        off.disabled = false;
      });
  });
})();
