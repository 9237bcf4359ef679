// While you were away (vtt/remote/away.py): the table page keeps, in this browser, the newest
// log line it showed and when; opened again after a while (or woken after sleeping), it asks the
// server for the lines since then and shows them above the table, what waits for you first.
(function () {
  "use strict";
  var AWAY_MS = 10 * 60 * 1000; // gone this long: a summary, not just the log
  var TICK_MS = 30 * 1000;
  var root = document.getElementById("encounter");
  var box = document.getElementById("away");
  if (!root || !box) {
    return;
  }
  var key = "tabula-seen:" + root.getAttribute("data-encounter-id");

  function newest() {
    var seq = Number(root.getAttribute("data-seq") || 0);
    var lines = document.querySelectorAll("#event-log li[data-seq]");
    for (var i = 0; i < lines.length; i++) {
      seq = Math.max(seq, Number(lines[i].getAttribute("data-seq") || 0));
    }
    return seq;
  }

  function stored() {
    try {
      return JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  function mark() {
    try {
      window.localStorage.setItem(key, JSON.stringify({ seq: newest(), at: Date.now() }));
    } catch (error) {
      // no storage (a private window): no summary next time
    }
  }

  function show(after) {
    var url = box.getAttribute("data-away-url") + "?after=" + encodeURIComponent(after);
    return fetch(url, { credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : "";
      })
      .then(function (html) {
        box.innerHTML = html;
        var close = box.querySelector("[data-away-close]");
        if (close) {
          close.addEventListener("click", function () {
            box.innerHTML = "";
          });
        }
      });
  }

  function comeBack(seen) {
    if (seen && typeof seen.seq === "number" && Date.now() - seen.at >= AWAY_MS) {
      if (seen.seq < newest()) {
        show(seen.seq);
      }
    }
  }

  comeBack(stored());
  mark();
  var last = Date.now();
  window.setInterval(function () {
    // a laptop that slept: the interval stops, and its next tick comes late
    if (Date.now() - last >= AWAY_MS) {
      var seen = stored();
      window.setTimeout(function () {
        comeBack(seen); // once the page has caught up on what it missed
        mark();
      }, 5000);
    } else {
      mark();
    }
    last = Date.now();
  }, TICK_MS);
  window.addEventListener("pagehide", mark);
})();
