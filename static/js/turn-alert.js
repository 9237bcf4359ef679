// When it becomes this viewer's turn (#table[data-my-turn] turns to "1"), flash the title and
// play a short tone, unless the profile switched the alert off (body[data-turn-alert="0"]).
(function () {
  "use strict";
  var wasMine = null;
  var flashing = null;
  var title = document.title;

  function tone() {
    try {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      var audio = new Context();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.08;
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.18);
    } catch (e) { /* no sound is fine */ }
  }

  function flash(text) {
    if (flashing) return;
    var on = false;
    flashing = window.setInterval(function () {
      on = !on;
      document.title = on ? text : title;
    }, 900);
  }

  function stop() {
    if (flashing) window.clearInterval(flashing);
    flashing = null;
    document.title = title;
  }

  function check() {
    var table = document.getElementById("table");
    if (!table) return;
    var mine = table.getAttribute("data-my-turn") === "1";
    var enabled = document.body.getAttribute("data-turn-alert") !== "0";
    if (mine && wasMine === false && enabled) {
      var banner = table.querySelector(".turn-banner.mine");
      flash(banner ? banner.textContent.trim() : title);
      tone();
    }
    if (!mine) stop();
    wasMine = mine;
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) stop(); });
  document.addEventListener("DOMContentLoaded", function () {
    check();
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  });
})();
