// New encounter for a wargame: each "Who plays …" seat reads the side as the chosen scenario
// names it (issue 36). The server writes each scenario's label on the seat's picker.
(function () {
  "use strict";
  var form = document.getElementById("builder");
  var picker = form && form.querySelector("select[name=scene_scenario]");
  if (!picker) return;
  function relabel() {
    form.querySelectorAll("select[data-labels]").forEach(function (seat) {
      var labels = JSON.parse(seat.getAttribute("data-labels") || "{}");
      var label = form.querySelector('label[for="' + seat.id + '"]');
      if (!label || !labels[picker.value]) return;
      var suffix = (label.textContent.trim().match(/[:：]$/) || [""])[0]; // Django's label suffix
      label.textContent = labels[picker.value] + suffix;
    });
  }
  picker.addEventListener("change", relabel);
  relabel();
})();
