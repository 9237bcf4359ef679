// The replay page: arrow keys and Page Up/Down step the replay, unless the focus is in a field.
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea, [role=group], .scs-map, .mech-map") || event.altKey || event.ctrlKey || event.metaKey) return;
  const link = document.querySelector(`#replay [data-replay-key="${event.key}"]`);
  if (link) { event.preventDefault(); link.click(); }
});
(() => {
  const log = document.getElementById("event-log");
  if (log) log.scrollTop = log.scrollHeight;
})();
