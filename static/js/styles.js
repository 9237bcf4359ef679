// Applies data-style="width: 40%" through the CSSOM, so that the Content-Security-Policy can
// forbid inline style attributes: on load and on every element a swap or a live frame adds.
(() => {
  const apply = (root) => {
    if (root.nodeType !== 1) return;
    if (root.dataset && root.dataset.style !== undefined) root.style.cssText = root.dataset.style;
    root.querySelectorAll("[data-style]").forEach((el) => { el.style.cssText = el.dataset.style; });
  };
  const start = () => {
    apply(document.body);
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === "attributes") apply(change.target);
        change.addedNodes.forEach(apply);
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-style"] });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
