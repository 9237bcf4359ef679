// Ace Evolution's attack panel: the odds follow the choices (issue 34). A change of target,
// weapon or called-shot location asks for them again, so a shot that cannot hit says so (and is
// asked about, table.js) before it is sent; odds of an earlier choice are cleared at once.
(() => {
  "use strict";
  if (window.__acePanel) return;
  window.__acePanel = true;
  document.addEventListener("change", (event) => {
    const form = event.target.closest?.("#encounter form.ace-panel");
    const button = form?.querySelector("[data-preview]");
    if (!button) return;
    form.querySelector("output.preview")?.replaceChildren();
    button.click();
  });
})();
