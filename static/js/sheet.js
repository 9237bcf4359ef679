// The sheet form: add and remove rows (from the system's lists or empty); htmx asks the server
// for the derived values as the player types.
(function () {
  "use strict";
  const form = document.getElementById("sheet-form");
  if (!form) return;
  // The worked-out values (#derived) are posted and swapped in by htmx as the form changes
  // (hx-post, hx-trigger in the template); a row added or removed changes the form too.
  function refresh() {
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function fill(row, record) {
    row.querySelectorAll("[name]").forEach(function (input) {
      const key = input.name.split(".").pop().replace(/^s:/, "");
      if (!(key in record)) return;
      const value = record[key];
      if (input.type === "checkbox") input.checked = Boolean(value);
      else if (input.type === "hidden") return;
      else if (value !== null && typeof value !== "object") input.value = String(value);
    });
  }

  // A record picked from the library's list (a vest) fills the record's fields.
  form.addEventListener("change", function (event) {
    const pick = event.target.closest("[data-catalogue-record]");
    if (!pick || !pick.value) return;
    fill(pick.closest("[data-record]"), JSON.parse(pick.value));
    refresh();
  });

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
})();
