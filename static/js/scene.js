// Scene map (templates/scene/): select your token, see the squares it reaches now, click one to
// move (scene_move); the GM paints squares (scene_paint), places tokens (scene_place), reveals
// what only the GM saw (scene_reveal) and sets the map up with a background (scene_setup). A
// form's area square (a blast's centre, suppressive fire's area) takes the square clicked after
// it was focused, until it is sent or Escape is pressed.
// Zoom, pan, fit, minimap and arrow keys are static/js/mapview.js's. The server renders the map
// per viewer; this only toggles classes and fills forms, which table.js sends over the socket.
(() => {
  "use strict";
  if (window.__sceneBoard) return;
  window.__sceneBoard = true;
  const svgNS = "http://www.w3.org/2000/svg";
  let selected = null; // the id of the selected own token
  let lastCurrent = null;
  let mode = "move"; // the GM's: move, paint or place
  const picked = new Set(); // squares the GM chose to paint, "x,y"
  let painting = false; // a drag over squares in paint mode
  let suppressClick = false;
  let sent = false;
  let aiming = null; // a form's square field last focused (a blast's centre, suppressive fire's area)

  const board = () => document.getElementById("scene-board");
  const map = () => board()?.querySelector("svg.scene-map");
  const say = (name, fallback) => board()?.dataset[name] || fallback;
  const option = () => board()?.querySelector("[data-scene-option]:checked")?.dataset.sceneOption || "";

  function info(text) {
    const el = document.getElementById("scene-info");
    if (el) el.textContent = text || "";
  }

  function cellAt(event) {
    const svg = map();
    const size = Number(svg.dataset.cell);
    const p = window.__mapview ? window.__mapview.toMap(svg, event.clientX, event.clientY) : { x: -1, y: -1 };
    const x = Math.floor(p.x / size);
    const y = Math.floor(p.y / size);
    if (x < 0 || y < 0 || x >= Number(svg.dataset.cols) || y >= Number(svg.dataset.rows)) return null;
    return [x, y];
  }

  function drawPicked() {
    const layer = document.getElementById("scene-picked");
    const svg = map();
    if (!layer || !svg) return;
    const size = Number(svg.dataset.cell);
    layer.replaceChildren();
    for (const key of picked) {
      const [x, y] = key.split(",").map(Number);
      const rect = document.createElementNS(svgNS, "rect");
      rect.setAttribute("x", x * size);
      rect.setAttribute("y", y * size);
      rect.setAttribute("width", size);
      rect.setAttribute("height", size);
      layer.append(rect);
    }
    const form = document.getElementById("scene-paint");
    if (form) {
      form.querySelector("[name=cells]").value = [...picked].join(";");
      const count = form.querySelector("[data-picked-count]");
      if (count) count.textContent = String(picked.size);
    }
  }

  function apply() {
    const b = board();
    if (!b) return;
    const svg = map();
    for (const el of b.querySelectorAll(".reach-set.show, .token.selected")) el.classList.remove("show", "selected");
    if (selected && !b.querySelector(`.token[data-select="${CSS.escape(selected)}"]`)) selected = null;
    const current = b.querySelector(".token.current[data-select]")?.dataset.select || null;
    if (current !== lastCurrent && current) selected = current; // a turn starts: its token is picked up
    lastCurrent = current;
    if (!selected) {
      const mine = b.querySelectorAll(".token[data-select]");
      if (mine.length === 1) selected = mine[0].dataset.select;
    }
    for (const token of b.querySelectorAll(".token[data-select]")) token.setAttribute("aria-pressed", String(token.dataset.select === selected));
    if (selected && mode === "move") {
      b.querySelector(`.token[data-who="${CSS.escape(selected)}"]`)?.classList.add("selected");
      const sets = b.querySelectorAll(`.reach-set[data-reach-from="${CSS.escape(selected)}"]`);
      const wanted = [...sets].find((s) => s.dataset.option === option()) || null;
      wanted?.classList.add("show");
    }
    b.classList.toggle("painting", mode === "paint");
    b.classList.toggle("placing", mode === "place");
    if (svg) {
      if (mode === "move") delete svg.dataset.drag;
      else svg.dataset.drag = "1"; // a drag paints, not pans (mapview.js)
    }
    for (const form of b.querySelectorAll("form[data-scene-mode]")) form.hidden = form.dataset.sceneMode !== mode;
    const radio = b.querySelector(`input[name=scene-mode][value="${mode}"]`);
    if (radio) radio.checked = true;
    drawPicked();
  }

  function field(form, name, value) {
    let input = form.querySelector(`[name="${name}"]`);
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.dataset.added = "1";
      form.append(input);
    }
    input.value = value;
  }

  function moveTo(cell) {
    const b = board();
    const form = document.getElementById("scene-send");
    if (!form || !selected) return;
    const [x, y] = cell.dataset.to.split(",");
    for (const el of form.querySelectorAll("[data-added]")) el.remove();
    field(form, "kind", "scene_move");
    field(form, "actor", b.dataset.gm ? "gm" : selected);
    field(form, "who", selected);
    field(form, "x", x);
    field(form, "y", y);
    const ticked = option();
    if (ticked) field(form, ticked, "on");
    form.setAttribute("aria-label", `${say("msgMoving", "Moving to")} (${x}, ${y})`);
    form.requestSubmit();
    sent = true;
    info(`${say("msgMoving", "Moving to")} (${x}, ${y})…`);
  }

  function place(x, y) {
    const form = document.getElementById("scene-place");
    if (!form) return;
    form.querySelector("[name=x]").value = x;
    form.querySelector("[name=y]").value = y;
    form.requestSubmit();
    sent = true;
    info(`${say("msgPlacing", "Placing on")} (${x}, ${y})…`);
  }

  // Cards: right-click, long-press, or I on a focused token.
  // Placed and closed by static/js/mapview.js's cards, asked for at first use (whichever script ran first).
  let cards = null;
  const card = () => (cards ??= window.__mapview.cards(board, "who", ".scene-card:not([hidden])"));
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
    if (!event.target.closest(".scene-card")) closeCard();
    if (event.target.closest("[data-scene-clear-pick]")) {
      picked.clear();
      return void drawPicked();
    }
    if (event.target.closest("[data-scene-reveal-cells]")) {
      const form = document.getElementById("scene-reveal");
      if (!form || !picked.size) return;
      form.querySelector("[name=cells]").value = [...picked].join(";");
      form.requestSubmit();
      sent = true;
      return;
    }
    if (!event.target.closest("svg.scene-map")) return;
    if (mode === "paint") return; // pointer handlers pick the squares
    if (mode === "place") {
      const cell = cellAt(event);
      if (cell) place(cell[0], cell[1]);
      return;
    }
    if (aiming?.isConnected) {
      // SCENE-AREA-1/-2: the square clicked is the area's, no "x,y" typed
      const cell = cellAt(event);
      if (cell) {
        aiming.value = cell.join(",");
        aiming.dispatchEvent(new Event("input", { bubbles: true }));
        aiming.dispatchEvent(new Event("change", { bubbles: true }));
        return void info(`${say("msgAimed", "")} (${cell[0]}, ${cell[1]})`);
      }
    }
    const target = event.target.closest(".reach-set.show [data-to]");
    if (target && selected) return void moveTo(target);
    const token = event.target.closest(".token[data-select]");
    if (token) {
      selected = selected === token.dataset.select ? null : token.dataset.select;
      const has = selected && b.querySelector(`.reach-set[data-reach-from="${CSS.escape(selected)}"]`);
      info(selected ? (has ? say("msgPick", "") : say("msgNoReach", "")) : "");
      apply();
    }
  });

  document.addEventListener("change", (event) => {
    if (event.target.matches?.("#scene-board input[name=scene-mode]")) {
      mode = event.target.value;
      info(mode === "paint" ? say("msgPaint", "") : mode === "place" ? say("msgPlace", "") : "");
      apply();
    } else if (event.target.matches?.("#scene-board [data-scene-option]")) {
      for (const other of board().querySelectorAll("[data-scene-option]")) if (other !== event.target) other.checked = false;
      apply();
    } else if (event.target.matches?.("[data-scene-upload]")) {
      upload(event.target);
    }
  });

  document.addEventListener("contextmenu", (event) => {
    const token = event.target.closest?.("#scene-board .token");
    if (!token) return;
    event.preventDefault();
    openCard(token, event.clientX, event.clientY);
  });

  // Long-press a token for its card; in paint mode, press and drag over squares to choose them.
  let press = null;
  document.addEventListener("pointerdown", (event) => {
    const svg = event.target.closest?.("#scene-board svg.scene-map");
    if (!svg || (event.pointerType === "mouse" && event.button !== 0)) return;
    if (mode === "paint") {
      const cell = cellAt(event);
      if (!cell) return;
      painting = { adding: !picked.has(cell.join(",")) };
      const key = cell.join(",");
      if (painting.adding) picked.add(key);
      else picked.delete(key);
      svg.setPointerCapture?.(event.pointerId);
      drawPicked();
      return;
    }
    const token = event.target.closest(".token");
    if (!token) return;
    press = { token, x: event.clientX, y: event.clientY };
    press.timer = setTimeout(() => {
      if (press) {
        openCard(token, press.x, press.y);
        suppressClick = true;
        press = null;
      }
    }, 550);
  });
  document.addEventListener("pointermove", (event) => {
    if (painting) {
      const cell = cellAt(event);
      if (!cell) return;
      const key = cell.join(",");
      if (painting.adding) picked.add(key);
      else picked.delete(key);
      drawPicked();
      return;
    }
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 6) {
      clearTimeout(press.timer);
      press = null;
    }
  });
  const release = () => {
    painting = false;
    if (press) clearTimeout(press.timer);
    press = null;
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);

  document.addEventListener("keydown", (event) => {
    if (!board()) return;
    if (event.key === "Escape") {
      if (closeCard()) return;
      if (aiming) {
        aiming = null;
        return void info("");
      }
      if (!selected && !picked.size) return;
      selected = null;
      picked.clear();
      lastCurrent = board().querySelector(".token.current[data-select]")?.dataset.select || null;
      info("");
      apply();
      return;
    }
    const token = event.target.closest?.("#scene-board .token");
    if (token && (event.key === "i" || event.key === "I" || event.key === "ContextMenu")) {
      event.preventDefault();
      return void openCard(token);
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const cell = event.target.closest?.("#scene-board .reach-set.show [data-to]");
    if (cell && selected) {
      event.preventDefault();
      return void moveTo(cell);
    }
    if (!token?.dataset.select) return;
    event.preventDefault();
    selected = selected === token.dataset.select ? null : token.dataset.select;
    apply();
  });

  // The GM's backgrounds: listed when the set-up opens, a new one uploaded from the file input.
  async function listImages(form) {
    const select = form?.querySelector("[data-scene-images]");
    if (!select || select.dataset.loaded) return;
    select.dataset.loaded = "1";
    try {
      const response = await fetch(form.dataset.imagesUrl, { credentials: "same-origin" });
      if (!response.ok) return;
      const { images } = await response.json();
      const chosen = select.value; // the background now, or an upload answered before the list
      for (const image of images) {
        const now = String(image.id) === chosen;
        select.querySelector(`option[value="${image.id}"]`)?.remove(); // "the background now", named
        addImage(select, image, now);
      }
    } catch {
      delete select.dataset.loaded; // offline: asked again next time
    }
  }
  function addImage(select, image, chosen) {
    if (!select.querySelector(`option[value="${image.id}"]`)) {
      const item = document.createElement("option");
      item.value = image.id;
      item.textContent = `${image.name} (${image.width} × ${image.height})`;
      select.append(item);
    }
    if (chosen) select.value = String(image.id);
  }
  async function upload(input) {
    const form = input.closest("form");
    const status = form.querySelector("[data-scene-upload-status]");
    const file = input.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append("image", file);
    status.textContent = "…";
    try {
      const response = await fetch(form.dataset.uploadUrl, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": document.querySelector("meta[name=csrf-token]")?.content || "" },
      });
      const answer = await response.json();
      if (!response.ok) {
        status.textContent = answer.error || String(response.status);
        return;
      }
      const select = form.querySelector("[data-scene-images]");
      addImage(select, answer, true);
      status.textContent = `✓ ${answer.name}`;
      input.value = "";
    } catch {
      status.textContent = "✗";
    }
  }
  document.addEventListener("toggle", (event) => {
    const details = event.target;
    if (details.open && details.matches?.("#scene-setup-box, #scene-add")) listImages(details.querySelector("form.scene-setup"));
  }, true);

  // Every swap re-renders the map: put the selection, the mode and the chosen squares back.
  new MutationObserver(() => {
    const b = board();
    if (b && !b.dataset.sceneApplied) {
      b.dataset.sceneApplied = "1";
      apply();
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("tabula:frame", () => {
    // a set-up form the frame drew again lists the backgrounds again
    for (const details of document.querySelectorAll("#scene-setup-box[open], #scene-add[open]")) listImages(details.querySelector("form.scene-setup"));
    if (sent) {
      sent = false;
      info("");
    }
    apply();
  });
  document.addEventListener("focusin", (event) => {
    if (!board() || !event.target.matches?.("form input[name=centre], form input[name=area]")) return;
    aiming = event.target;
    info(say("msgAim", ""));
  });
  document.addEventListener("submit", (event) => {
    if (aiming && event.target.contains(aiming)) aiming = null;
    if (event.target.matches?.("#scene-paint")) {
      sent = true;
      setTimeout(() => {
        picked.clear();
        drawPicked();
      }, 0);
    }
  });
  apply();
})();
