// The sheet form: add and remove rows (from the system's lists or empty), and ask the server
// for the derived values as the player types.
(function () {
  "use strict";
  const form = document.getElementById("sheet-form");
  if (!form) return;
  const target = document.getElementById("derived");
  let timer = null;

  function refresh() {
    if (!form.dataset.deriveUrl || !target || form.querySelector("fieldset[disabled]")) return;
    clearTimeout(timer);
    timer = setTimeout(function () {
      const data = new FormData(form);
      data.delete("use_json");
      fetch(form.dataset.deriveUrl, { method: "POST", body: data, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) { if (html !== null) target.innerHTML = html; });
    }, 350);
  }

  function fill(row, record) {
    row.querySelectorAll("[name]").forEach(function (input) {
      const key = input.name.split(".").pop();
      if (!(key in record)) return;
      const value = record[key];
      if (input.type === "checkbox") input.checked = Boolean(value);
      else if (input.type === "hidden") return;
      else if (value !== null && typeof value !== "object") input.value = String(value);
    });
  }

  form.addEventListener("click", function (event) {
    const add = event.target.closest("[data-add-row]");
    const remove = event.target.closest("[data-remove-row]");
    if (add) {
      const block = add.closest("[data-rows]");
      const template = block.querySelector(":scope > template");
      const index = String(Number(block.dataset.next || "0"));
      block.dataset.next = String(Number(index) + 1);
      const html = template.innerHTML.split("__i__").join(index);
      const holder = document.createElement("div");
      holder.innerHTML = html;
      const row = holder.firstElementChild;
      const picker = block.querySelector("[data-catalogue]");
      if (picker && picker.value) fill(row, JSON.parse(picker.value));
      block.querySelector("[data-row-list]").appendChild(row);
      const first = row.querySelector("input:not([type=hidden]), select");
      if (first) first.focus();
      refresh();
    } else if (remove) {
      remove.closest("[data-row]").remove();
      refresh();
    }
  });
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
})();
