// SCS board: select a stack, see its reachable hexes, click one to move; click an enemy hex to attack.
// The server renders everything (and hides what fog of war hides); this only toggles classes
// and fills the rendered forms, which table.js sends over the websocket.
(() => {
  "use strict";
  if (window.__scsBoard) return;
  window.__scsBoard = true;
  let selected = null; // hex of the selected own stack
  let target = null; // hex of the selected enemy stack (combat)
  const toggles = { "scs-show-supply": false, "scs-show-ezoc": false }; // kept across re-renders

  const boardEl = () => document.getElementById("scs-board");

  function info(text) {
    const el = document.getElementById("scs-info");
    if (el) el.textContent = text || "";
  }

  function apply() {
    const board = boardEl();
    if (!board) return;
    for (const el of board.querySelectorAll(".show, .selected")) el.classList.remove("show", "selected");
    if (selected && !board.querySelector(`[data-reach-from="${selected}"], [data-orders-for="${selected}"]`)) selected = null;
    if (target && !board.querySelector(`[data-attack-target="${target}"]`)) target = null;
    if (selected) {
      const orders = board.querySelector(`[data-orders-for="${selected}"]`);
      orders?.classList.add("show");
      // The whole stack, or the one unit left ticked, shows where it can go (PD-10).
      const boxes = orders ? [...orders.querySelectorAll("form.scs-move input[name=units]")] : [];
      const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
      let key = "";
      if (boxes.length && ticked.length !== boxes.length) key = ticked.length === 1 ? ticked[0] : null;
      if (key !== null) {
        for (const el of board.querySelectorAll(`[data-reach-from="${selected}"][data-reach-units="${key}"]`)) el.classList.add("show");
      } else info("Part of the stack: type the hex to move to.");
      for (const el of board.querySelectorAll(`.stack[data-hex="${selected}"], [data-stack-row="${selected}"]`)) el.classList.add("selected");
    }
    if (target) {
      for (const el of board.querySelectorAll(`[data-attack-target="${target}"]`)) el.classList.add("show");
      for (const el of board.querySelectorAll(`.stack[data-hex="${target}"]`)) el.classList.add("selected");
    }
    board.classList.toggle("has-selection", Boolean(selected || target));
    // Set-up: the unit chosen in the set-up order shows its "w/i N" hexes (SCS-SETUP-1).
    const unit = board.querySelector("form.scs-generic select[name=unit]");
    if (unit) for (const el of board.querySelectorAll(`.setup-area[data-setup-unit="${unit.value}"]`)) el.classList.add("show");
    for (const [name, on] of Object.entries(toggles)) {
      const box = board.querySelector(`.${name}`);
      if (box) box.checked = on;
      board.classList.toggle(name.replace("scs-", ""), on);
    }
  }

  function choose(el) {
    const board = boardEl();
    if (el.dataset.select) {
      selected = selected === el.dataset.select ? null : el.dataset.select;
      target = null;
      if (selected && !board.querySelector(`[data-reach-from="${selected}"]`)) info(`${selected}: no move for this stack now`);
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
          info(`Overrun ${hex}? Check the odds, then press Overrun.`);
        } else info(`${hex}: enemy units (SCS-3.3a)`);
      }
    }
    apply();
  }

  document.addEventListener("click", (event) => {
    const board = boardEl();
    if (!board || !board.contains(event.target)) return;
    const cell = event.target.closest(".reach-set.show [data-to]");
    if (cell && selected) {
      const form = board.querySelector(`form.scs-move[data-move-from="${selected}"]`);
      if (form) {
        form.querySelector("[name=to]").value = cell.dataset.to;
        form.requestSubmit();
        info(`Moving to ${cell.dataset.to}…`);
        selected = cell.dataset.to; // the selection follows the moving units to the new board
        for (const el of board.querySelectorAll(".reach-set.show")) el.classList.remove("show");
      }
      return;
    }
    const blocked = event.target.closest(".reach-set.show [data-blocked]");
    if (blocked) return info(blocked.dataset.blocked);
    // A clicked hex also fills any open order that asks for a hex (set-up, reinforcement, top unit).
    const hexEl = event.target.closest("[data-hex]");
    if (hexEl) {
      for (const field of board.querySelectorAll("form.scs-generic [name=hex]")) {
        if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === hexEl.dataset.hex)) continue;
        field.value = hexEl.dataset.hex;
      }
    }
    const stack = event.target.closest("[data-select], [data-enemy]");
    if (stack) return choose(stack);
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const stack = event.target.closest?.("#scs-board [data-select], #scs-board [data-enemy]");
    if (!stack) return;
    event.preventDefault();
    choose(stack);
  });

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
  apply();
})();
