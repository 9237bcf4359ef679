// A "Copy" button (data-copy="<id of the field>") puts that field's text on the clipboard and
// says so in its own words (data-copied) for a moment; without the clipboard API the text is
// selected, ready for Ctrl+C.
(() => {
  "use strict";
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.("button[data-copy]");
    if (!button) return;
    const field = document.getElementById(button.dataset.copy);
    if (!field) return;
    const label = button.dataset.label || (button.dataset.label = button.textContent);
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = button.dataset.copied || label;
    } catch {
      return; // selected: the person copies it themselves
    }
    setTimeout(() => { button.textContent = label; }, 2000);
  });
})();
