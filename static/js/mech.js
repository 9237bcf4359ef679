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
  let lastActive = null; // the mech whose turn it was at the last render: a new one is selected
  let suppressClick = false; // a drag or long-press ended: the click that follows is not a click
  let sent = false; // a move or an aimed attack was sent: the next frame ends its message and template
  let refocus = null; // the mech moved from the keyboard: its token takes the focus back after the frame

  const board = () => document.getElementById("mech-board");
  const svgNS = "http://www.w3.org/2000/svg";
  const text = (name, fallback) => board()?.dataset[name] || fallback;

  function info(text) {
    const el = document.getElementById("mech-info");
    if (el) el.textContent = text || "";
  }

  function aimForm() {
    if (!aiming) return null;
    const sel = `form.mech-form[data-actor="${aiming.actor}"][data-kind="${aiming.kind}"]`;
    return [...board().querySelectorAll(sel)].find((f) => (f.querySelector("[name=weapon]")?.value || "") === aiming.weapon) || null;
  }

  // A mech's reachable squares come from the server when it is selected (they are not in the
  // frames); a frame that lands clears them, since a move changes them. `answered` holds the
  // mechs asked for since the last frame, so one with no squares left is not asked again.
  let generation = 0;
  const loading = new Set();
  const answered = new Set();
  let clicked = null; // the mech the player clicked on: told when it has no squares left
  async function fetchReach(uid) {
    const url = document.getElementById("encounter")?.dataset.reachUrl;
    if (!url || loading.has(uid) || answered.has(uid)) return;
    loading.add(uid);
    const asked = generation;
    try {
      const response = await fetch(`${url}?from=${encodeURIComponent(uid)}`, { credentials: "same-origin" });
      if (!response.ok) {
        answered.add(uid); // nothing to draw; asked again after the next frame
        return;
      }
      const html = await response.text();
      const layer = board()?.querySelector("[data-on-demand=reach]");
      // a frame that landed meanwhile may have changed the squares: apply() below asks again
      if (asked === generation && layer) {
        answered.add(uid);
        if (!layer.querySelector(`[data-reach-from="${uid}"]`)) layer.insertAdjacentHTML("beforeend", html);
      }
    } catch {
      return; // offline: the next selection asks again
    } finally {
      loading.delete(uid);
    }
    if (selected !== uid) return;
    if (clicked === uid && answered.has(uid) && !board()?.querySelector(`[data-reach-from="${uid}"]`) && !aiming) {
      info(text("msgNoMove", "No movement left for this mech now."));
    }
    apply();
  }

  function apply() {
    const b = board();
    if (!b) return;
    for (const el of b.querySelectorAll(".reach-set.show, .token.selected, .mech-actions.selected")) el.classList.remove("show", "selected");
    if (selected && !b.querySelector(`[data-select="${selected}"]`)) selected = null;
    const active = b.dataset.active;
    // The mech whose turn it is gets selected when its turn starts (the GM's too), so its
    // squares show without a click; a selection made during the turn stays.
    if (active !== lastActive && active && b.querySelector(`[data-select="${active}"]`)) selected = active;
    lastActive = active;
    if (!selected) {
      const mine = b.querySelectorAll("[data-select]");
      if (active && b.querySelector(`[data-select="${active}"]`)) selected = active;
      else if (mine.length === 1) selected = mine[0].dataset.select;
    }
    for (const token of b.querySelectorAll(".token[data-select]")) token.setAttribute("aria-pressed", String(token.dataset.select === selected));
    if (selected) {
      if (!b.querySelector(`[data-reach-from="${selected}"]`)) fetchReach(selected);
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

  function moveTo(cell) {
    const b = board();
    const mode = cell.dataset.mode;
    const [x, y] = cell.dataset.to.split(",");
    if (mode === "far") {
      info(text("msgFar", "Move first, then boost (1 AP) to reach this square."));
      return;
    }
    const move = b.querySelector(`form.mech-form[data-actor="${selected}"][data-kind="${mode}"]`);
    if (!move) return;
    // MECH-OA-1: an enemy threatening the square strikes as the mech moves off; asked first
    const warning = cell.closest("[data-oa]")?.dataset.oa;
    if (warning && !window.confirm(warning)) return;
    move.querySelector("[name=x]").value = x;
    move.querySelector("[name=y]").value = y;
    move.requestSubmit();
    sent = true;
    info(`${mode === "boost" ? text("msgBoosting", "Boosting to") : text("msgMoving", "Moving to")} (${x}, ${y})…`);
  }

  // Cards: right-click, long-press, or I on a focused mech.
  // Placed and closed by static/js/mapview.js's cards, asked for at first use (whichever script ran first).
  let cards = null;
  const card = () => (cards ??= window.__mapview.cards(board, "unit", ".unit-card-set:not([hidden])"));
  const openCard = (token, x, y) => card().open(token, x, y);
  const closeCard = () => card().close();

  document.addEventListener("click", (event) => {
    const b = board();
    if (!b || !b.contains(event.target)) return;
    if (suppressClick) {
      suppressClick = false;
      event.preventDefault();
      return;
    }
    if (event.target.closest("[data-card-close]")) return void closeCard();
    if (!event.target.closest(".unit-card-set")) closeCard();
    const aimButton = event.target.closest("[data-aim]");
    if (aimButton) {
      const form = aimButton.closest("form");
      aiming = { actor: form.dataset.actor, kind: form.dataset.kind, weapon: form.querySelector("[name=weapon]")?.value || "" };
      info(text("msgAim", "Click a square on the map to aim; the template and the units it hits appear before you confirm."));
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
      info(`(${x}, ${y}): ${text("msgAimed", "aimed. Check the template and the odds, then press the attack button.")}`);
      return;
    }
    const cell = event.target.closest(".reach-set.show [data-to]");
    if (cell && selected) return void moveTo(cell);
    const token = event.target.closest("[data-select]");
    if (token) {
      selected = selected === token.dataset.select ? null : token.dataset.select;
      clicked = selected;
      aiming = null;
      // the squares may still be on their way (fetchReach says so when there are none)
      info(selected && answered.has(selected) && !b.querySelector(`[data-reach-from="${selected}"]`) ? text("msgNoMove", "No movement left for this mech now.") : "");
      apply();
    }
  });

  document.addEventListener("contextmenu", (event) => {
    const token = event.target.closest?.("#mech-board .token");
    if (!token) return;
    event.preventDefault();
    openCard(token, event.clientX, event.clientY);
  });

  // Drag and drop: press an own mech, drag it onto a highlighted square, let go; a long press
  // without moving shows its card.
  let drag = null;
  document.addEventListener("pointerdown", (event) => {
    const token = event.target.closest?.("#mech-board .token");
    if (!token || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag = { token, svg: token.closest("svg"), x: event.clientX, y: event.clientY, moving: false, id: event.pointerId };
    drag.timer = setTimeout(() => {
      if (drag && !drag.moving) {
        openCard(token, drag.x, drag.y);
        suppressClick = true;
        drag = null;
      }
    }, 550);
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < 6) return;
      if (!drag.token.dataset.select) {
        clearTimeout(drag.timer);
        drag = null;
        return;
      }
      drag.moving = true;
      clearTimeout(drag.timer);
      if (selected !== drag.token.dataset.select) {
        selected = drag.token.dataset.select;
        aiming = null;
        apply();
      }
      drag.token.classList.add("dragging");
      drag.svg.setPointerCapture?.(event.pointerId);
    }
    const scale = drag.svg.getScreenCTM().a;
    drag.token.setAttribute("transform", `translate(${dx / scale},${dy / scale})`);
  });
  function endDrag(event) {
    if (!drag || event.pointerId !== drag.id) return;
    clearTimeout(drag.timer);
    const { token, moving } = drag;
    drag = null;
    if (!moving) return;
    suppressClick = true;
    token.classList.remove("dragging");
    token.removeAttribute("transform");
    const cell = document.elementsFromPoint(event.clientX, event.clientY).map((el) => el.closest(".reach-set.show [data-to]")).find(Boolean);
    if (cell && event.type === "pointerup") moveTo(cell);
    else info(text("msgDropHere", "Drop the mech on a highlighted square to move it."));
  }
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      if (closeCard()) return;
      if (!aiming && !selected) return;
      aiming = null;
      selected = null;
      lastActive = board()?.dataset.active; // stay let go until the next mech's turn
      info("");
      apply();
      return;
    }
    const token = event.target.closest?.("#mech-board .token");
    if (token && (event.key === "i" || event.key === "I" || event.key === "ContextMenu")) {
      event.preventDefault();
      return void openCard(token);
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const cell = event.target.closest?.("#mech-board .reach-set.show [data-to]");
    if (cell && selected) {
      event.preventDefault();
      refocus = selected; // the square is gone after the move: the mech's token keeps the focus
      return void moveTo(cell);
    }
    if (!token?.dataset.select) return;
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
  // A delta frame swaps parts of the board (table.js): put the selection back on them too.
  document.addEventListener("tabula:frame", () => {
    generation += 1;
    answered.clear();
    board()?.querySelector("[data-on-demand=reach]")?.replaceChildren();
    if (sent) {
      // what this page sent was answered: "Boosting to (7, 6)…" and a fired template are over
      sent = false;
      aiming = null;
      info("");
      drawArea(null);
    }
    apply();
    if (refocus && (document.activeElement === document.body || !document.activeElement?.isConnected)) {
      board()?.querySelector(`.token[data-unit="${refocus}"]`)?.focus();
    }
    refocus = null;
  });
  // An aimed area attack sent: its template goes with the next frame.
  document.addEventListener("submit", (event) => {
    if (event.target.matches?.("#mech-board form.mech-form")) sent = true;
  });
  apply();
})();
