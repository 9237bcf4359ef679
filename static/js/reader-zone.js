// A transcript's times in the reader's own clock: each form with an input[data-reader-zone] sends
// the browser's time zone (the server checks it and falls back to its own).
(() => {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (_error) {
    zone = "";
  }
  for (const input of document.querySelectorAll("input[data-reader-zone]")) input.value = zone;
})();
