// Mech board: select a mech, see where it can move (and boost), click a square to move; aim area
// weapons on the map and see the template and the units it would hit before confirming.
// The server renders everything per audience; this only toggles classes and fills rendered forms,
// which table.js sends over the websocket.
(() => {
  "use strict";
  if (window.__mechBoard) return;
  window.__mechBoard = true;
  let selected = null; // id of the selected own mech
  let aiming = null; // {actor, kind, weapon} of the area form waiting for a square

  const board = () => document.getElementById("mech-board");
  const svgNS = "http://www.w3.org/2000/svg";

  function info(text) {
    const el = document.getElementById("mech-info");
    if (el) el.textContent = text || "";
  }

  function aimForm() {
    if (!aiming) return null;
    const sel = `form.mech-form[data-actor="${aiming.actor}"][data-kind="${aiming.kind}"]`;
    return [...board().querySelectorAll(sel)].find((f) => (f.querySelector("[name=weapon]")?.value || "") === aiming.weapon) || null;
  }

  function apply() {
    const b = board();
    if (!b) return;
    for (const el of b.querySelectorAll(".reach-set.show, .token.selected, .mech-actions.selected")) el.classList.remove("show", "selected");
    if (selected && !b.querySelector(`[data-select="${selected}"]`)) selected = null;
    if (!selected) {
      const mine = b.querySelectorAll("[data-select]");
      const active = b.dataset.active;
      if (active && b.querySelector(`[data-select="${active}"]`)) selected = active; // the mech whose turn it is
      else if (mine.length === 1) selected = mine[0].dataset.select;
    }
    if (selected) {
      for (const el of b.querySelectorAll(`[data-reach-from="${selected}"], .token[data-unit="${selected}"], .mech-actions[data-actions-for="${selected}"]`)) {
        el.classList.add(el.classList.contains("reach-set") ? "show" : "selected");
      }
    }
    b.classList.toggle("aiming", Boolean(aimForm()));
  }

  function cellAt(event) {
    const svg = board().querySelector("svg.mech-map");
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    const cell = 34;
    return [Math.floor(local.x / cell), Math.floor(local.y / cell)];
  }

  function drawArea(output) {
    const b = board();
    const layer = b?.querySelector("#mech-aim");
    if (!layer) return;
    layer.replaceChildren();
    for (const el of b.querySelectorAll(".token.targeted")) el.classList.remove("targeted");
    const result = output?.querySelector(".mech-preview");
    if (!result) return;
    for (const pair of (result.dataset.area || "").split(" ").filter(Boolean)) {
      const [x, y] = pair.split(",").map(Number);
      const rect = document.createElementNS(svgNS, "rect");
      rect.setAttribute("x", x * 34);
      rect.setAttribute("y", y * 34);
      rect.setAttribute("width", 34);
      rect.setAttribute("height", 34);
      rect.setAttribute("class", "aim-cell");
      layer.append(rect);
    }
    for (const id of (result.dataset.hits || "").split(" ").filter(Boolean)) {
      b.querySelector(`.token[data-unit="${id}"]`)?.classList.add("targeted");
    }
  }

  document.addEventListener("click", (event) => {
    const b = board();
    if (!b || !b.contains(event.target)) return;
    const aimButton = event.target.closest("[data-aim]");
    if (aimButton) {
      const form = aimButton.closest("form");
      aiming = { actor: form.dataset.actor, kind: form.dataset.kind, weapon: form.querySelector("[name=weapon]")?.value || "" };
      info("Click a square on the map to aim; the template and the units it hits appear before you confirm.");
      apply();
      return;
    }
    const map = event.target.closest("svg.mech-map");
    if (!map) return;
    const form = aimForm();
    if (form) {
      const [x, y] = cellAt(event);
      form.querySelector("[name=x]").value = x;
      form.querySelector("[name=y]").value = y;
      form.querySelector("details")?.setAttribute("open", "");
      form.querySelector("[data-preview]")?.click();
      info(`Aimed at (${x}, ${y}). Check the template and the odds, then press the attack button.`);
      return;
    }
    const cell = event.target.closest(".reach-set.show [data-to]");
    if (cell && selected) {
      const mode = cell.dataset.mode;
      const move = b.querySelector(`form.mech-form[data-actor="${selected}"][data-kind="${mode}"]`);
      if (move) {
        const [x, y] = cell.dataset.to.split(",");
        move.querySelector("[name=x]").value = x;
        move.querySelector("[name=y]").value = y;
        move.requestSubmit();
        info(mode === "boost" ? `Boosting to (${x}, ${y})…` : `Moving to (${x}, ${y})…`);
      }
      return;
    }
    const token = event.target.closest("[data-select]");
    if (token) {
      selected = selected === token.dataset.select ? null : token.dataset.select;
      aiming = null;
      info(selected && !b.querySelector(`[data-reach-from="${selected}"]`) ? "No movement left for this mech now." : "");
      apply();
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && aiming) {
      aiming = null;
      info("");
      apply();
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const token = event.target.closest?.("#mech-board [data-select]");
    if (!token) return;
    event.preventDefault();
    selected = selected === token.dataset.select ? null : token.dataset.select;
    apply();
  });

  // The odds come up by themselves when an attack form opens or its target changes.
  function autoOdds(form) {
    const button = form?.querySelector("details[open] [data-preview]");
    if (!button) return;
    const x = form.querySelector("[name=x]");
    if (x && x.value === "") return; // an area weapon not aimed yet
    button.click();
  }
  document.addEventListener("toggle", (event) => {
    const details = event.target;
    if (details.open && details.matches?.("form.mech-form > details")) autoOdds(details.closest("form"));
  }, true);
  document.addEventListener("change", (event) => {
    const form = event.target.closest?.("#mech-board form.mech-form");
    if (form) autoOdds(form);
  });

  // Every swap re-renders the board: put the selection back; draw a template when odds arrive.
  new MutationObserver((records) => {
    const b = board();
    if (b && !b.dataset.mechApplied) {
      b.dataset.mechApplied = "1";
      apply();
    }
    for (const record of records) {
      const output = record.target.closest?.("output.preview");
      if (output && b?.contains(output)) drawArea(output);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  apply();
})();
