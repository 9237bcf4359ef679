// The SCS scenario editor's map (issue 36): terrain painted hex by hex (click, drag, or Enter on
// a focused hex), rivers and roads toggled on the hexside between a hex and its neighbour, and a
// hex's id picked into the hex field in use. What is painted travels in the form's hidden fields
// (terrain, rivers, roads); each change posts the form (htmx) and the rules' check and the map
// come back drawn by the server. mapview.js zooms and pans the map as on the table.
(function () {
  "use strict";
  const form = document.getElementById("scs-editor");
  const preview = document.getElementById("scs-editor-preview");
  const status = document.getElementById("scs-editor-status");
  if (!form || !preview) return;
  const field = (name) => form.querySelector("input[name=" + name + "]");
  const ADJACENT = 60; // hex centres nearer than this (SVG units, circumradius 30) are neighbours
  let picked = null; // the first hex of a hexside
  let hexField = null; // the hex field the GM was in, for the pick tool
  let painting = false;
  let painted = false;
  let focusAfter = null;

  function tool() {
    const checked = document.querySelector("input[name=tool]:checked");
    return checked ? checked.value : "";
  }

  function toolTone() {
    // a terrain the scenario names itself is drawn in its tool's tone and border pattern
    // (tone-0..., mark-1...; scs.css)
    const checked = document.querySelector("input[name=tool]:checked");
    const swatch = checked && checked.closest("label").querySelector(".sw");
    const own = (c) => c.startsWith("tone-") || c.startsWith("mark-");
    return swatch ? [...swatch.classList].filter(own).join(" ") : "";
  }

  function toolLabel() {
    const checked = document.querySelector("input[name=tool]:checked");
    return checked ? checked.closest("label").textContent.trim() : "";
  }

  function say(text) {
    if (status) status.textContent = text;
  }

  function terrainMap() {
    const out = new Map();
    for (const item of field("terrain").value.split(/\s+/)) {
      const [label, kind] = item.split(":");
      if (label && kind) out.set(label, kind);
    }
    return out;
  }

  function changed(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function paint(hex) {
    const kind = tool().slice("terrain:".length);
    const map = terrainMap();
    if ((map.get(hex.dataset.hex) || "clear") === kind) return;
    if (kind === "clear") map.delete(hex.dataset.hex);
    else map.set(hex.dataset.hex, kind);
    field("terrain").value = [...map].map(([label, k]) => label + ":" + k).join(" ");
    hex.setAttribute("class", ["hex", "t-" + kind, toolTone()].join(" ").trim());
    hex.setAttribute("aria-label", hex.dataset.hex + " " + toolLabel());
    painted = true;
    say(hex.dataset.hex + ": " + toolLabel());
  }

  function neighbours(a, b) {
    const dx = Number(a.dataset.x) - Number(b.dataset.x);
    const dy = Number(a.dataset.y) - Number(b.dataset.y);
    return a !== b && Math.hypot(dx, dy) < ADJACENT;
  }

  function toggleSide(a, b, name) {
    const input = field(name);
    const pair = [a.dataset.hex, b.dataset.hex].sort().join("-");
    const pairs = input.value.split(/\s+/).filter(Boolean).map((p) => p.split("-").sort().join("-"));
    const at = pairs.indexOf(pair);
    if (at >= 0) pairs.splice(at, 1);
    else pairs.push(pair);
    input.value = pairs.join(" ");
    say(pair.replace("-", " – ") + ": " + toolLabel() + (at >= 0 ? " ✕" : " ✓"));
    changed(input);
  }

  function mark(hex) {
    document.querySelectorAll(".scs-editor-map .hex.picked").forEach((h) => h.classList.remove("picked"));
    if (hex) hex.classList.add("picked");
  }

  function act(hex) {
    const now = tool();
    focusAfter = hex.dataset.hex;
    if (now.startsWith("terrain:")) {
      paint(hex);
      if (painted) changed(field("terrain"));
      painted = false;
    } else if (now === "river" || now === "road") {
      if (picked && picked.isConnected && neighbours(picked, hex)) {
        toggleSide(picked, hex, now === "river" ? "rivers" : "roads");
        picked = null;
        mark(null);
      } else {
        picked = hex;
        mark(hex);
        say(hex.dataset.hex + " — " + (status ? status.dataset.next : ""));
      }
    } else if (now === "pick" && hexField) {
      const entry = hexField.name.endsWith("-entry");
      const words = hexField.value.split(/\s+/).filter(Boolean);
      hexField.value = entry ? [...words, hex.dataset.hex].join(" ") : hex.dataset.hex;
      say(hex.dataset.hex + " → " + (hexField.labels[0] ? hexField.labels[0].textContent : ""));
      changed(hexField);
    } else if (now === "pick") {
      say(hex.dataset.hex + " — " + (status ? status.dataset.noField : ""));
    }
  }

  const hexAt = (x, y) => {
    const found = document.elementFromPoint(x, y);
    return found && found.closest ? found.closest(".scs-editor-map [data-hex]") : null;
  };

  preview.addEventListener("pointerdown", (event) => {
    const hex = event.target.closest("[data-hex]");
    if (!hex || (event.pointerType === "mouse" && event.button !== 0)) return;
    if (tool().startsWith("terrain:")) {
      event.preventDefault();
      painting = true;
      focusAfter = hex.dataset.hex;
      paint(hex);
    }
  });
  document.addEventListener("pointermove", (event) => {
    if (!painting) return;
    const hex = hexAt(event.clientX, event.clientY);
    if (hex) paint(hex);
  });
  const finish = () => {
    if (!painting) return;
    painting = false;
    if (painted) changed(field("terrain"));
    painted = false;
  };
  document.addEventListener("pointerup", finish);
  document.addEventListener("pointercancel", finish);
  preview.addEventListener("click", (event) => {
    const hex = event.target.closest("[data-hex]");
    if (hex && !tool().startsWith("terrain:")) act(hex);
  });
  preview.addEventListener("keydown", (event) => {
    const hex = event.target.closest ? event.target.closest("[data-hex]") : null;
    if (!hex || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    act(hex);
  });
  // A unit row filled from the campaign library's unit type picked (its strengths and kind;
  // the id, side and set-up stay the row's).
  const typesNode = document.getElementById("scs-unit-types");
  const types = typesNode ? JSON.parse(typesNode.textContent) : [];
  form.addEventListener("change", (event) => {
    const picker = event.target.closest ? event.target.closest("[data-unit-type]") : null;
    if (!picker) return;
    const found = types.find((t) => t.key === picker.value);
    if (!found) return;
    for (const [key, value] of Object.entries(found.fields)) {
      const input = form.querySelector("[name='" + picker.dataset.row + "-" + key + "']");
      if (!input) continue;
      if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = value === null || value === undefined ? "" : String(value);
    }
  });
  form.addEventListener("focusin", (event) => {
    const name = event.target.name || "";
    if (name.endsWith("-hex") || name.endsWith("-entry")) hexField = event.target;
  });
  // After the server's redraw: the hex last used keeps the focus, the first hex of a hexside
  // stays marked (and stays the first: the old element left the page with the redraw). htmx 4
  // names the event htmx:after:swap and sends it from the form that posted.
  document.body.addEventListener("htmx:after:swap", (event) => {
    if (event.target !== form || !preview.querySelector(".scs-editor-map")) return;
    if (picked && !picked.isConnected) {
      picked = preview.querySelector('[data-hex="' + picked.dataset.hex + '"]');
      mark(picked);
    }
    if (focusAfter) {
      const again = preview.querySelector('[data-hex="' + focusAfter + '"]');
      if (again && document.activeElement === document.body) again.focus({ preventScroll: true });
    }
  });
})();
