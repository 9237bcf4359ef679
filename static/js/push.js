// Web Push (vtt/push/): registers the service worker (/push-worker.js, scope the whole site) and,
// once the browser allows notices, keeps this browser's subscription on the server, so a table
// that waits for your move reaches you with its tab closed. body[data-push-key] is the server's
// public VAPID key; body[data-push="0"] means the profile turned Web Push off. A box with
// [data-push-box] (profile, Your games) offers the permission prompt, which browsers show only
// after a click, and tells the state with its [data-push-state] lines.
(function () {
  "use strict";
  var body = document.body;
  var key = body.getAttribute("data-push-key");
  if (!key) {
    return;
  }
  var wanted = body.getAttribute("data-push") !== "0";
  var supported =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  var remembered = "tabula-push:" + (body.getAttribute("data-push-user") || "");

  function show(state) {
    var lines = document.querySelectorAll("[data-push-state]");
    for (var i = 0; i < lines.length; i++) {
      lines[i].hidden = lines[i].getAttribute("data-push-state") !== state;
    }
    var allow = document.querySelector("[data-push-allow]");
    if (allow) {
      allow.hidden = state !== "ask" && state !== "failed";
    }
  }

  function post(url, fields) {
    var data = new FormData();
    data.append("csrfmiddlewaretoken", document.querySelector("meta[name=csrf-token]").content);
    Object.keys(fields).forEach(function (name) {
      data.append(name, fields[name]);
    });
    return fetch(url, { method: "POST", body: data, credentials: "same-origin" }).then(
      function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) {
            throw new Error(answer.error || String(response.status));
          }
          return answer;
        });
      }
    );
  }

  // Keep a subscription (a PushSubscription, or its JSON) for the signed-in user.
  function store(subscription) {
    var json = typeof subscription.toJSON === "function" ? subscription.toJSON() : subscription;
    return post("/push/subscribe/", {
      endpoint: json.endpoint,
      p256dh: json.keys.p256dh,
      auth: json.keys.auth,
    }).then(function (answer) {
      try {
        window.localStorage.setItem(remembered, json.endpoint);
      } catch (error) {
        // private windows may refuse storage: the page stores again next time
      }
      return answer;
    });
  }

  function keyBytes() {
    var text = key.replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(text + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function fresh(registration) {
    return registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(),
    });
  }

  function subscribe(registration) {
    return registration.pushManager
      .getSubscription()
      .then(function (existing) {
        if (!existing) {
          return fresh(registration);
        }
        var stored = null;
        try {
          stored = window.localStorage.getItem(remembered);
        } catch (error) {
          stored = null;
        }
        return stored === existing.endpoint ? null : existing;
      })
      .then(function (subscription) {
        return subscription ? store(subscription) : null;
      });
  }

  var ready = supported
    ? navigator.serviceWorker.register("/push-worker.js", { scope: "/" })
    : Promise.reject(new Error("unsupported"));
  ready.catch(function () {
    show("unsupported");
  });

  function start() {
    return ready
      .then(subscribe)
      .then(function () {
        show("on");
      })
      .catch(function (error) {
        show("failed");
        window.TabulaPush.error = String(error);
      });
  }

  window.TabulaPush = { ready: ready, store: store, start: start, error: null };

  if (!supported) {
    show("unsupported");
  } else if (!wanted) {
    show("off");
  } else if (Notification.permission === "granted") {
    start(); // on by default once the browser allows notices
  } else if (Notification.permission === "denied") {
    show("blocked");
  } else {
    show("ask");
  }

  var allow = document.querySelector("[data-push-allow]");
  if (allow) {
    allow.addEventListener("click", function () {
      Notification.requestPermission().then(function (permission) {
        if (permission === "granted") {
          start();
        } else {
          show(permission === "denied" ? "blocked" : "ask");
        }
      });
    });
  }
})();
