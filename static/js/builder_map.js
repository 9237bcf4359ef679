// The encounter builder's map: the units picked (characters, copies of opponents) placed by
// clicking one, then its square. Each placed unit sends at_<key>=x,y; the server moves a unit
// off a square taken twice, or off the map, to the nearest free one. Where the system's map has
// terrain to draw (.draw-kind, the mech's cover and buildings), the GM picks a kind and a height
// and clicks squares; the map then sends every square drawn as map_terrain ("x,y,kind,height").
(function () {
  "use strict";
  const box = document.getElementById("place-map");
  if (!box) return;
  const form = box.closest("form");
  const list = box.querySelector(".place-units");
  const grid = box.querySelector(".place-grid");
  const inputs = box.querySelector(".place-inputs");
  const brush = box.querySelector(".draw-kind");
  const rise = box.querySelector(".draw-height");
  const example = {}; // the example map's squares: "x,y" -> [kind, height]
  (box.dataset.terrain || "").split(" ").forEach(function (item) {
    const parts = item.split(",");
    if (parts.length >= 3) example[parts[0] + "," + parts[1]] = [parts[2], Number(parts[3] || 0)];
  });
  let terrain = {}; // the squares as drawn now, like `example`
  let kindNow = null; // the map picked ("example", "open") the drawing belongs to
  const at = {};
  let chosen = null;
  let drawn = "";

  // A scene map (Delta Green, Call of Cthulhu, Ace) names its own size fields and is always an
  // open field (data-open), up to data-max squares a side; a wargame's picks an example or not.
  const most = Number(box.dataset.max || 60);
  function number(name, fallback) {
    const input = form.querySelector("[name=" + name + "]");
    const value = input ? Number(input.value) : NaN;
    return value >= 1 ? Math.min(value, most) : fallback;
  }

  function size() {
    const kind = form.querySelector("[name=map_kind]");
    const open = box.dataset.open === "1" || Boolean(kind && kind.value === "open");
    const width = Number(box.dataset.width);
    const height = Number(box.dataset.height);
    const across = box.dataset.widthField || "map_width";
    const down = box.dataset.heightField || "map_height";
    return open ? [number(across, width), number(down, height), open] : [width, height, open];
  }

  // The picker shows while its switch (data-toggle, a checkbox's name) is on.
  function shown() {
    const toggle = box.dataset.toggle && form.querySelector("[name=" + box.dataset.toggle + "]");
    if (toggle) box.hidden = !toggle.checked;
  }

  function units() {
    const out = [];
    form.querySelectorAll("input[name=characters]:checked").forEach(function (check) {
      const label = form.querySelector("label[for='" + check.id + "']");
      const name = label ? label.textContent.split(" (")[0].trim() : check.value;
      out.push({ key: "ch" + check.value, name: name, side: "ours" });
    });
    form.querySelectorAll("select[name^=opponent_]").forEach(function (select) {
      if (!select.value) return;
      const row = select.name.split("_")[1];
      const count = number("count_" + row, 1);
      const name = select.options[select.selectedIndex].text;
      for (let n = 0; n < count; n++) {
        const copy = count > 1 ? n + 1 : 0;
        out.push({ key: "op" + row + "_" + n, name: copy ? name + " " + copy : name, copy: copy, side: "theirs" });
      }
    });
    return out;
  }

  // A unit's letters on its square: a copy's first letter and number (V1, V2, as the table
  // shows it), so three copies of one opponent read apart; any other unit's first two letters.
  function short(unit) {
    return unit.copy ? unit.name.slice(0, 1) + unit.copy : unit.name.slice(0, 2);
  }

  // The drawing starts from the map picked: the example's squares, or an open field's none.
  function startDrawing(open) {
    const now = open ? "open" : "example";
    if (now === kindNow) return;
    kindNow = now;
    terrain = {};
    if (!open) Object.keys(example).forEach(function (k) { terrain[k] = example[k].slice(); });
  }

  function kindName(kind) {
    const picked = brush && brush.querySelector("option[value='" + kind + "']");
    return picked ? picked.textContent.trim() : kind;
  }

  function draw() {
    const [width, height, open] = size();
    startDrawing(open);
    const found = units();
    const keys = found.map(function (unit) { return unit.key; });
    if (chosen !== null && keys.indexOf(chosen) < 0) chosen = null;
    // redrawn only when something changed: a field losing focus as a unit is clicked must not
    // replace the button under the pointer (the click would be lost)
    const now = JSON.stringify([width, height, open, keys, chosen, at, terrain]);
    if (now === drawn) return;
    drawn = now;
    const by = {};
    found.forEach(function (unit) {
      const square = at[unit.key];
      if (square && square[0] < width && square[1] < height) by[square.join(",")] = unit;
    });
    list.replaceChildren();
    found.forEach(function (unit) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary place-unit " + unit.side;
      button.dataset.unit = unit.key;
      button.setAttribute("aria-pressed", String(unit.key === chosen));
      const square = at[unit.key];
      button.textContent = square ? unit.name + " (" + square.join(", ") + ")" : unit.name;
      list.appendChild(button);
    });
    grid.replaceChildren();
    grid.style.gridTemplateColumns = "repeat(" + width + ", 1fr)";
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const cell = document.createElement("button");
        const here = by[x + "," + y];
        const ground = open && !brush ? null : terrain[x + "," + y] || null;
        cell.type = "button";
        cell.dataset.cell = "";
        cell.dataset.x = String(x);
        cell.dataset.y = String(y);
        cell.className = "place-cell" + (ground ? " " + ground[0] : "") + (here ? " " + here.side : "");
        const what = ground && brush ? kindName(ground[0]) + (ground[1] ? " ↑" + ground[1] : "") + ", " : "";
        cell.setAttribute("aria-label", (here ? here.name + " " : "") + what + x + ", " + y);
        if (ground) cell.dataset.terrain = ground[0] + "," + ground[1];
        cell.textContent = here ? short(here) : ground && ground[1] ? String(ground[1]) : "";
        grid.appendChild(cell);
      }
    }
    inputs.replaceChildren();
    found.forEach(function (unit) {
      if (!at[unit.key]) return;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "at_" + unit.key;
      input.value = at[unit.key].join(",");
      inputs.appendChild(input);
    });
    if (!brush) return;
    const items = Object.keys(terrain).filter(function (k) {
      const [x, y] = k.split(",").map(Number);
      return x < width && y < height;
    }).map(function (k) { return k + "," + terrain[k][0] + "," + terrain[k][1]; });
    [["map_drawn", "1"], ["map_terrain", items.join(" ")]].forEach(function (pair) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      inputs.appendChild(input);
    });
  }

  // Drawing: the square takes the kind picked at the height given, or is cleared.
  function paint(cell) {
    const k = cell.dataset.x + "," + cell.dataset.y;
    if (brush.value === "clear") delete terrain[k];
    else terrain[k] = [brush.value, Math.max(0, Math.min(Number(rise.value) || 0, Number(rise.max) || 9))];
  }

  box.addEventListener("click", function (event) {
    const unit = event.target.closest("[data-unit]");
    const cell = event.target.closest("[data-cell]");
    if (cell && brush && brush.value) {
      paint(cell);
    } else if (unit) {
      chosen = unit.dataset.unit;
    } else if (cell && chosen !== null) {
      const square = [Number(cell.dataset.x), Number(cell.dataset.y)];
      Object.keys(at).forEach(function (key) {
        if (at[key][0] === square[0] && at[key][1] === square[1]) delete at[key];
      });
      at[chosen] = square;
      const next = units().find(function (other) { return !(other.key in at); });
      chosen = next ? next.key : null;
    } else {
      return;
    }
    draw();
  });
  if (brush) {
    // a kind picked: its usual height (a building two levels, heavy cover one), to change
    brush.addEventListener("change", function () {
      const picked = brush.options[brush.selectedIndex];
      if (brush.value) rise.value = picked.dataset.height || "0";
    });
  }
  form.addEventListener("change", function () { shown(); draw(); });
  form.addEventListener("input", draw);
  shown();
  draw();
})();
