// SCS board: select a stack (click, tap or Enter), see its reachable hexes, click or drag it to one
// to move; Escape cancels; right-click or long-press shows the units' cards; click an enemy hex to
// attack; step losses and retreats are chosen on counters and hexes.
// The server renders everything (and hides what fog of war hides); this only toggles classes
// and fills the rendered forms, which table.js sends over the websocket.
(() => {
  "use strict";
  if (window.__scsBoard) return;
  window.__scsBoard = true;
  let selected = null; // hex of the selected own stack
  let target = null; // hex of the selected enemy stack (combat)
  let suppressClick = false; // a drag or long-press ended: the click that follows is not a click
  const toggles = { "scs-show-supply": false, "scs-show-ezoc": false }; // kept across re-renders

  const boardEl = () => document.getElementById("scs-board");
  const text = (name, fallback) => boardEl()?.dataset[name] || fallback;

  function info(message) {
    const el = document.getElementById("scs-info");
    if (el) el.textContent = message || "";
  }

  // A stack's reachable hexes come from the server when it is selected (they are not in the
  // frames); a frame that lands clears them, since a move changes every stack's reach.
  let generation = 0;
  const loading = new Set();
  async function fetchReach(hex) {
    const url = document.getElementById("encounter")?.dataset.reachUrl;
    if (!url || loading.has(hex)) return;
    loading.add(hex);
    const asked = generation;
    try {
      const response = await fetch(`${url}?from=${encodeURIComponent(hex)}`, { credentials: "same-origin" });
      if (!response.ok) return;
      const html = await response.text();
      const layer = boardEl()?.querySelector("[data-on-demand=reach]");
      // a frame that landed meanwhile may have changed the hexes: apply() below asks again
      if (asked === generation && layer && !layer.querySelector(`[data-reach-from="${hex}"]`)) {
        layer.insertAdjacentHTML("beforeend", html);
      }
    } finally {
      loading.delete(hex);
    }
    if (selected === hex) apply();
  }

  function apply() {
    const board = boardEl();
    if (!board) return;
    for (const el of board.querySelectorAll(".show, .selected")) el.classList.remove("show", "selected");
    if (selected && !board.querySelector(`.stack[data-select="${selected}"]`)) selected = null;
    if (target && !board.querySelector(`[data-attack-target="${target}"]`)) target = null;
    if (selected) {
      const movable = board.querySelector(`.stack[data-select="${selected}"][data-movable]`);
      if (movable && !board.querySelector(`[data-reach-from="${selected}"]`)) fetchReach(selected);
      const orders = board.querySelector(`[data-orders-for="${selected}"]`);
      orders?.classList.add("show");
      board.querySelector(`[data-top-for="${selected}"]`)?.classList.add("show");
      // The whole stack, or the one unit left ticked, shows where it can go (PD-10).
      const boxes = orders ? [...orders.querySelectorAll("form.scs-move input[name=units]")] : [];
      const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
      let key = "";
      if (boxes.length && ticked.length !== boxes.length) key = ticked.length === 1 ? ticked[0] : null;
      if (key !== null) {
        for (const el of board.querySelectorAll(`[data-reach-from="${selected}"][data-reach-units="${key}"]`)) el.classList.add("show");
      } else info(text("msgPart", "Part of the stack: type the hex to move to."));
      for (const el of board.querySelectorAll(`.stack[data-hex="${selected}"], [data-stack-row="${selected}"]`)) el.classList.add("selected");
    }
    if (target) {
      for (const el of board.querySelectorAll(`[data-attack-target="${target}"]`)) el.classList.add("show");
      for (const el of board.querySelectorAll(`.stack[data-hex="${target}"]`)) el.classList.add("selected");
    }
    board.classList.toggle("has-selection", Boolean(selected || target));
    for (const stack of board.querySelectorAll(".stack[data-select]")) stack.setAttribute("aria-pressed", String(stack.dataset.select === selected));
    // Set-up: the unit chosen in the set-up order shows its "w/i N" hexes (SCS-SETUP-1).
    const unit = board.querySelector("form.scs-generic select[name=unit]");
    if (unit) for (const el of board.querySelectorAll(`.setup-area[data-setup-unit="${unit.value}"]`)) el.classList.add("show");
    for (const [name, on] of Object.entries(toggles)) {
      const box = board.querySelector(`.${name}`);
      if (box) box.checked = on;
      board.classList.toggle(name.replace("scs-", ""), on);
    }
    for (const picker of board.querySelectorAll(".loss-picker")) showLosses(picker);
  }

  function choose(el) {
    const board = boardEl();
    if (el.dataset.select) {
      selected = selected === el.dataset.select ? null : el.dataset.select;
      target = null;
      if (selected && !board.querySelector(`.stack[data-select="${selected}"][data-movable]`)) info(`${selected}: ${text("msgNoMove", "no move for this stack now")}`);
      else info("");
    } else if (el.dataset.enemy) {
      const hex = el.dataset.enemy;
      if (board.querySelector(`[data-attack-target="${hex}"]`)) {
        target = target === hex ? null : hex;
        selected = null;
        info("");
      } else if (selected) {
        const overrun = board.querySelector(`form.scs-overrun[data-move-from="${selected}"] select[name=target]`);
        if (overrun && [...overrun.options].some((o) => o.value === hex)) {
          overrun.value = hex;
          info(`${hex}: ${text("msgOverrun", "overrun? Check the odds, then press Overrun.")}`);
        } else info(`${hex}: ${text("msgEnemy", "enemy units (SCS-3.3a)")}`);
      }
    }
    apply();
  }

  function moveTo(hex) {
    const board = boardEl();
    const form = board?.querySelector(`form.scs-move[data-move-from="${selected}"]`);
    if (!form) return;
    form.querySelector("[name=to]").value = hex;
    form.requestSubmit();
    info(`${text("msgMoving", "Moving to")} ${hex}…`);
    selected = hex; // the selection follows the moving units to the new board
    for (const el of board.querySelectorAll(".reach-set.show")) el.classList.remove("show");
  }

  function retreatTo(hex) {
    const form = boardEl()?.querySelector(`form[data-retreat-to="${hex}"]`);
    if (form) form.requestSubmit();
  }

  // Step losses: each click on a counter takes one step from it, up to what is owed (SCS-STEP-1).
  function lossIds(picker) {
    return picker.querySelector("[data-loss-field]").value.split(",").filter(Boolean);
  }
  function showLosses(picker) {
    const ids = lossIds(picker);
    const owed = Number(picker.dataset.owed);
    for (const button of picker.querySelectorAll("[data-loss-unit]")) {
      const n = ids.filter((id) => id === button.dataset.lossUnit).length;
      button.querySelector(".loss-count").textContent = n ? `−${n}` : "";
      button.classList.toggle("chosen", n > 0);
      button.setAttribute("aria-pressed", String(n > 0));
    }
    picker.querySelector("[data-loss-list]").textContent = ids.join(", ") || "—";
    const submit = picker.closest("form")?.querySelector("[type=submit]");
    if (submit) submit.disabled = ids.length !== owed;
    for (const counter of boardEl()?.querySelectorAll(".counter[data-unit]") || []) {
      counter.classList.toggle("loss-eligible", Boolean(picker.querySelector(`[data-loss-unit="${counter.dataset.unit}"]`)));
    }
  }
  function takeStep(picker, uid) {
    const ids = lossIds(picker);
    const button = picker.querySelector(`[data-loss-unit="${uid}"]`);
    if (!button) return false;
    const owed = Number(picker.dataset.owed);
    const has = ids.filter((id) => id === uid).length;
    if (ids.length < owed && has < Number(button.dataset.stepsLeft)) ids.push(uid);
    else info(`${uid}: ${text("msgNoStep", "no further step to take from this unit")}`);
    picker.querySelector("[data-loss-field]").value = ids.join(",");
    showLosses(picker);
    return true;
  }

  // Unit cards (right-click, long-press, or I on a focused stack).
  let cardFor = null;
  function openCard(stack, x, y) {
    const board = boardEl();
    const card = board?.querySelector(`[data-card="${stack.dataset.hex}"]`);
    if (!card) return;
    closeCard();
    card.hidden = false;
    const rect = stack.getBoundingClientRect();
    const left = x ?? rect.right;
    const top = y ?? rect.top;
    card.style.left = `${Math.max(4, Math.min(left + 8, window.innerWidth - card.offsetWidth - 4))}px`;
    card.style.top = `${Math.max(4, Math.min(top, window.innerHeight - card.offsetHeight - 4))}px`;
    cardFor = stack.dataset.hex;
    card.querySelector("[data-card-close]")?.focus();
  }
  function closeCard() {
    const board = boardEl();
    const open = board?.querySelector(".unit-card-set:not([hidden])");
    if (!open) return false;
    open.hidden = true;
    board.querySelector(`.stack[data-hex="${cardFor}"]`)?.focus();
    cardFor = null;
    return true;
  }

  document.addEventListener("click", (event) => {
    const board = boardEl();
    if (!board || !board.contains(event.target)) return;
    if (suppressClick) {
      suppressClick = false;
      event.preventDefault();
      return;
    }
    if (event.target.closest("[data-card-close]")) return void closeCard();
    if (!event.target.closest(".unit-card-set")) closeCard();
    const lossButton = event.target.closest("[data-loss-unit]");
    if (lossButton) return void takeStep(lossButton.closest(".loss-picker"), lossButton.dataset.lossUnit);
    const clear = event.target.closest("[data-loss-clear]");
    if (clear) {
      const picker = clear.closest(".loss-picker");
      picker.querySelector("[data-loss-field]").value = "";
      return void showLosses(picker);
    }
    const cell = event.target.closest(".reach-set.show [data-to]");
    if (cell && selected) return void moveTo(cell.dataset.to);
    const retreat = event.target.closest("[data-retreat-to]:not(form)");
    if (retreat) return void retreatTo(retreat.dataset.retreatTo);
    const blocked = event.target.closest(".reach-set.show [data-blocked]");
    if (blocked) return info(blocked.dataset.blocked);
    // A counter owed a step loss takes it when clicked on the map too.
    const counter = event.target.closest(".counter[data-unit]");
    const picker = board.querySelector(".scs-losses .loss-picker");
    if (counter && picker && takeStep(picker, counter.dataset.unit)) return;
    // A clicked hex also fills any open order that asks for a hex (set-up, reinforcement).
    const hexEl = event.target.closest("[data-hex]");
    if (hexEl) {
      for (const field of board.querySelectorAll("form.scs-generic [name=hex]")) {
        if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === hexEl.dataset.hex)) continue;
        field.value = hexEl.dataset.hex;
      }
    }
    const stack = event.target.closest("[data-select], [data-enemy]");
    if (stack) return choose(stack);
    if (event.target.closest("svg.scs-map") && (selected || target)) {
      selected = target = null; // a click on the bare map lets go of the selection
      info("");
      apply();
    }
  });

  document.addEventListener("contextmenu", (event) => {
    const stack = event.target.closest?.("#scs-board .stack");
    if (!stack) return;
    event.preventDefault();
    openCard(stack, event.clientX, event.clientY);
  });

  document.addEventListener("keydown", (event) => {
    if (!event.target.closest?.("#scs-board") && event.key !== "Escape") return;
    if (event.key === "Escape") {
      if (closeCard()) return;
      if (!selected && !target) return;
      selected = target = null;
      info("");
      apply();
      return;
    }
    const stack = event.target.closest?.("#scs-board .stack");
    if (stack && (event.key === "i" || event.key === "I" || event.key === "ContextMenu")) {
      event.preventDefault();
      return void openCard(stack);
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const cell = event.target.closest?.(".reach-set.show [data-to]");
    if (cell && selected) {
      event.preventDefault();
      refocus = cell.dataset.to; // the hex is gone after the move: the moved stack keeps the focus
      return void moveTo(cell.dataset.to);
    }
    const retreat = event.target.closest?.("[data-retreat-to]:not(form)");
    if (retreat) {
      event.preventDefault();
      return void retreatTo(retreat.dataset.retreatTo);
    }
    if (!stack?.matches("[data-select], [data-enemy]")) return;
    event.preventDefault();
    choose(stack);
  });

  // Drag and drop: press an own stack, drag it onto a highlighted hex, let go. A long press
  // without moving shows its card instead.
  let drag = null;
  document.addEventListener("pointerdown", (event) => {
    const stack = event.target.closest?.("#scs-board .stack");
    if (!stack || (event.pointerType === "mouse" && event.button !== 0)) return;
    const svg = stack.closest("svg");
    drag = { stack, svg, x: event.clientX, y: event.clientY, moving: false, id: event.pointerId };
    drag.timer = setTimeout(() => {
      if (drag && !drag.moving) {
        openCard(stack, drag.x, drag.y);
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
      if (!drag.stack.dataset.select) {
        clearTimeout(drag.timer); // an enemy stack does not drag: the map pans instead
        drag = null;
        return;
      }
      drag.moving = true;
      clearTimeout(drag.timer);
      if (selected !== drag.stack.dataset.select) {
        selected = drag.stack.dataset.select;
        target = null;
        apply();
      }
      drag.stack.classList.add("dragging");
      drag.svg.setPointerCapture?.(event.pointerId);
    }
    const scale = drag.svg.getScreenCTM().a;
    drag.stack.setAttribute("transform", `translate(${dx / scale},${dy / scale})`);
  });
  function endDrag(event) {
    if (!drag || event.pointerId !== drag.id) return;
    clearTimeout(drag.timer);
    const { stack, moving } = drag;
    drag = null;
    if (!moving) return;
    suppressClick = true;
    stack.classList.remove("dragging");
    stack.removeAttribute("transform");
    const cell = document.elementsFromPoint(event.clientX, event.clientY).map((el) => el.closest(".reach-set.show [data-to]")).find(Boolean);
    if (cell && event.type === "pointerup") moveTo(cell.dataset.to);
    else info(text("msgDropHere", "Drop the stack on a highlighted hex to move it."));
  }
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);

  document.addEventListener("change", (event) => {
    if (!event.target.closest?.("#scs-board")) return;
    for (const name of Object.keys(toggles)) if (event.target.classList.contains(name)) toggles[name] = event.target.checked;
    apply();
  });

  // Every swap of the table re-renders the board: put the selection back on the new DOM.
  new MutationObserver(() => {
    const board = boardEl();
    if (board && !board.dataset.scsApplied) {
      board.dataset.scsApplied = "1";
      apply();
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // A delta frame swaps parts of the board (table.js): put the selection back on them too.
  let refocus = null; // the hex a stack was moved to from the keyboard
  document.addEventListener("tabula:frame", () => {
    generation += 1;
    boardEl()?.querySelector("[data-on-demand=reach]")?.replaceChildren();
    apply();
    if (refocus && (document.activeElement === document.body || !document.activeElement?.isConnected)) {
      boardEl()?.querySelector(`.stack[data-hex="${refocus}"][data-select]`)?.focus();
    }
    refocus = null;
  });
  apply();
})();
