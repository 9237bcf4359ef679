// Zoom, pan, minimap and keyboard travel for the SVG maps (scs, mech): wheel, pinch, drag, buttons.
// A map is <div class="mapview" data-mapview="key"> holding svg.map[data-full="x y w h"]; the view
// (its viewBox) survives every re-render of the board, so a live frame never resets the zoom, and
// a map its viewer has not zoomed is fitted again whenever its size changes.
(() => {
  "use strict";
  if (window.__mapview) return;
  const views = new Map(); // key -> {x, y, w, h} chosen by the user
  const MIN_SCALE = 0.35;
  const MAX_SCALE = 6;
  let dragged = false; // the last pointer gesture panned: the click that follows is not a click

  const full = (svg) => svg.dataset.full.split(/[ ,]+/).map(Number);
  const scaleOf = (svg, box) => svg.clientWidth / box.w;

  function clamp(svg, box) {
    const [fx, fy, fw, fh] = full(svg);
    const ratio = svg.clientHeight / Math.max(1, svg.clientWidth);
    let w = Math.min(Math.max(box.w, svg.clientWidth / MAX_SCALE), svg.clientWidth / MIN_SCALE);
    let h = w * ratio;
    // Keep at least a third of the map on screen whichever way it was pushed.
    const x = Math.min(Math.max(box.x, fx - w * 0.66), fx + fw - w * 0.34);
    const y = Math.min(Math.max(box.y, fy - h * 0.66), fy + fh - h * 0.34);
    return { x, y, w, h };
  }

  function fitBox(svg) {
    const [fx, fy, fw, fh] = full(svg);
    const cw = Math.max(1, svg.clientWidth);
    const ch = Math.max(1, svg.clientHeight);
    // The whole map, friend and foe, on every screen; a phone zooms in from there (the minimap
    // then shows where the view is).
    const scale = Math.min(cw / fw, ch / fh);
    const w = cw / scale;
    const h = ch / scale;
    const cx = fx + fw / 2;
    const cy = fy + fh / 2;
    return clamp(svg, { x: cx - w / 2, y: cy - h / 2, w, h });
  }

  function show(svg, box, remember = true) {
    const root = svg.closest(".mapview");
    svg.setAttribute("viewBox", `${box.x.toFixed(2)} ${box.y.toFixed(2)} ${box.w.toFixed(2)} ${box.h.toFixed(2)}`);
    const scale = scaleOf(svg, box);
    // Labels keep a readable size on screen: their font grows as the map shrinks (CSS uses --k).
    svg.style.setProperty("--k", Math.max(1, 1 / scale).toFixed(3));
    svg.dataset.lod = scale < 0.75 ? "far" : scale < 1.4 ? "mid" : "near";
    if (remember && root) views.set(root.dataset.mapview, box);
    const mini = root?.querySelector(".minimap-view");
    if (mini) {
      mini.setAttribute("x", box.x);
      mini.setAttribute("y", box.y);
      mini.setAttribute("width", box.w);
      mini.setAttribute("height", box.h);
    }
    const [, , fw, fh] = full(svg);
    root?.classList.toggle("zoomed", box.w < fw * 0.98 || box.h < fh * 0.98);
    const level = root?.querySelector(".mapview-level");
    if (level) level.textContent = `${Math.round(scale * 100)}%`;
  }

  function current(svg) {
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
    return { x, y, w, h };
  }

  function toMap(svg, clientX, clientY) {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  // Zoom by `factor` keeping the map point under (clientX, clientY) where it is on screen.
  function zoomAt(svg, factor, clientX, clientY) {
    const box = current(svg);
    const rect = svg.getBoundingClientRect();
    if (clientX === undefined) {
      clientX = rect.left + rect.width / 2;
      clientY = rect.top + rect.height / 2;
    }
    const p = toMap(svg, clientX, clientY);
    const w = box.w / factor;
    const limited = clamp(svg, { x: 0, y: 0, w, h: w });
    const ratio = limited.w / box.w;
    const next = clamp(svg, {
      x: p.x - (p.x - box.x) * ratio,
      y: p.y - (p.y - box.y) * ratio,
      w: limited.w,
      h: limited.h,
    });
    show(svg, next);
  }

  function panBy(svg, dxScreen, dyScreen) {
    const box = current(svg);
    const s = scaleOf(svg, box);
    show(svg, clamp(svg, { ...box, x: box.x - dxScreen / s, y: box.y - dyScreen / s }));
  }

  function centreOn(svg, x, y) {
    const box = current(svg);
    show(svg, clamp(svg, { ...box, x: x - box.w / 2, y: y - box.h / 2 }));
  }

  // A map keeps its first fit when the page's layout changes under it (its column narrows or
  // widens, a panel opens beside it, the page's styles arrive after it was first drawn): while
  // its viewer has not zoomed or panned it, a new size of the map fits it again; once they have,
  // their view is kept, only clamped to the new size. The window's own resizes come this way too.
  const drawnAt = new WeakMap(); // svg -> the "width height" it was last drawn at
  function redraw(svg) {
    const root = svg.closest(".mapview");
    const size = `${svg.clientWidth} ${svg.clientHeight}`;
    if (!root || drawnAt.get(svg) === size) return;
    drawnAt.set(svg, size);
    const kept = views.get(root.dataset.mapview);
    show(svg, kept ? clamp(svg, kept) : fitBox(svg), Boolean(kept));
  }
  const resized = new ResizeObserver((entries) => {
    for (const { target: svg } of entries) {
      if (!svg.isConnected || !svg.clientWidth) continue;
      if (svg.dataset.mapviewReady) redraw(svg);
      else setUp(svg.closest(".mapview"));
    }
  });

  function setUp(root) {
    const svg = root?.querySelector("svg.map");
    if (!svg) return;
    resized.observe(svg); // again for a map a frame swapped in (the same one: nothing new)
    if (svg.dataset.mapviewReady || !svg.clientWidth) return;
    svg.dataset.mapviewReady = "1";
    redraw(svg);
  }

  function setUpAll() {
    for (const root of document.querySelectorAll(".mapview[data-mapview]")) setUp(root);
  }

  // Wheel: zoom about the pointer (a trackpad's pinch arrives as ctrl+wheel).
  document.addEventListener("wheel", (event) => {
    const svg = event.target.closest?.(".mapview svg.map");
    if (!svg) return;
    event.preventDefault();
    const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0015));
    zoomAt(svg, factor, event.clientX, event.clientY);
  }, { passive: false });

  // Pointers: one drags the map (from anywhere but a piece that drags itself), two pinch.
  const pointers = new Map();
  let pan = null;
  let pinch = null;
  document.addEventListener("pointerdown", (event) => {
    const svg = event.target.closest?.(".mapview svg.map");
    if (!svg || (event.pointerType === "mouse" && event.button !== 0)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { svg, dist: Math.hypot(a.x - b.x, a.y - b.y) };
      pan = null;
    } else if (!event.target.closest("[data-drag]")) {
      pan = { svg, x: event.clientX, y: event.clientY, moved: false };
    }
  });
  document.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.dist > 0) zoomAt(pinch.svg, dist / pinch.dist, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch.dist = dist;
      dragged = true;
    } else if (pan) {
      const dx = event.clientX - pan.x;
      const dy = event.clientY - pan.y;
      if (!pan.moved && Math.hypot(dx, dy) < 6) return;
      pan.moved = true;
      dragged = true;
      panBy(pan.svg, dx, dy);
      pan.x = event.clientX;
      pan.y = event.clientY;
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) pan = null;
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  // A drag that panned ends in a click on whatever is under the finger: swallow it.
  document.addEventListener("click", (event) => {
    if (dragged && event.target.closest?.(".mapview svg.map")) {
      event.stopPropagation();
      event.preventDefault();
    }
    dragged = false;
  }, true);

  // Buttons and the minimap.
  document.addEventListener("click", (event) => {
    const button = event.target.closest?.(".mapview [data-zoom]");
    if (button) {
      const svg = button.closest(".mapview").querySelector("svg.map");
      const how = button.dataset.zoom;
      if (how === "fit") {
        views.delete(button.closest(".mapview").dataset.mapview);
        show(svg, fitBox(svg), false);
      } else zoomAt(svg, how === "in" ? 1.4 : 1 / 1.4);
      return;
    }
    const mini = event.target.closest?.(".mapview svg.minimap");
    if (mini) {
      const p = toMap(mini, event.clientX, event.clientY);
      centreOn(mini.closest(".mapview").querySelector("svg.map"), p.x, p.y);
    }
  });

  // Keyboard: arrows travel between the focusable pieces and cells of the map, nearest first in
  // that direction; + and - zoom; 0 fits. Enter and Space are the pieces' own business.
  const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function centre(el) {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }
  function focusables(svg) {
    return [...svg.querySelectorAll("[tabindex]")].filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden");
  }
  document.addEventListener("keydown", (event) => {
    const svg = event.target.closest?.(".mapview svg.map");
    if (!svg || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "+" || event.key === "=") zoomAt(svg, 1.4);
    else if (event.key === "-") zoomAt(svg, 1 / 1.4);
    else if (event.key === "0") {
      views.delete(svg.closest(".mapview").dataset.mapview); // fitted again as the page changes
      show(svg, fitBox(svg), false);
    }
    else if (DIRS[event.key]) {
      const [dx, dy] = DIRS[event.key];
      const from = event.target === svg ? null : event.target;
      const [fx, fy] = from ? centre(from) : centre(svg);
      let best = null;
      let bestScore = Infinity;
      for (const el of focusables(svg)) {
        if (el === from) continue;
        const [x, y] = centre(el);
        const along = (x - fx) * dx + (y - fy) * dy;
        if (from && along <= 2) continue;
        const across = Math.abs((x - fx) * dy) + Math.abs((y - fy) * dx);
        if (from && across > along * 1.8) continue; // outside a cone of about 60° each side
        const score = Math.hypot(along, across * 1.5);
        if (score < bestScore) {
          bestScore = score;
          best = el;
        }
      }
      if (!best) return;
      best.focus();
    } else return;
    event.preventDefault();
  });
  // A piece that gets the focus off screen is brought into view.
  document.addEventListener("focusin", (event) => {
    const svg = event.target.closest?.(".mapview svg.map");
    if (!svg || event.target === svg || !event.target.getBBox) return;
    const b = event.target.getBBox();
    const box = current(svg);
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    if (cx < box.x || cx > box.x + box.w || cy < box.y || cy > box.y + box.h) centreOn(svg, cx, cy);
  });

  // A token's card (scene, mech): opened beside the token or the pointer and kept on screen;
  // closing it gives the focus back to its token. `attr` is the token's data attribute naming
  // it ("who", "unit"); `openSel` finds the card that is open.
  function cards(board, attr, openSel) {
    let cardFor = null;
    const token = (id) => board()?.querySelector(`.token[data-${attr}="${CSS.escape(id || "")}"]`);
    function close() {
      const open = board()?.querySelector(openSel);
      if (!open) return false;
      open.hidden = true;
      token(cardFor)?.focus();
      cardFor = null;
      return true;
    }
    function open(tok, x, y) {
      const id = tok.dataset[attr];
      const card = board()?.querySelector(`[data-card="${CSS.escape(id)}"]`);
      if (!card) return;
      close();
      card.hidden = false;
      const rect = tok.getBoundingClientRect();
      const left = x ?? rect.right;
      const top = y ?? rect.top;
      card.style.left = `${Math.max(4, Math.min(left + 8, window.innerWidth - card.offsetWidth - 4))}px`;
      card.style.top = `${Math.max(4, Math.min(top, window.innerHeight - card.offsetHeight - 4))}px`;
      cardFor = id;
      card.querySelector("[data-card-close]")?.focus();
    }
    return { open, close };
  }

  window.__mapview = { zoomAt, fit: (svg) => show(svg, fitBox(svg), false), current, toMap, cards };
  new MutationObserver(setUpAll).observe(document.documentElement, { childList: true, subtree: true });
  setUpAll();
})();
