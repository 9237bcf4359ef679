// The live table: one websocket per encounter page; frames carry seqs; gaps are fetched over HTTP.
// table.js owns the socket (not hx-ws) so it can hold frames while catching up; htmx does the swaps.
(() => {
  "use strict";
  const root = document.getElementById("encounter");
  if (!root) return;
  const stateEl = document.getElementById("conn-state");
  const wsUrl = new URL(root.dataset.wsUrl, location.href);
  wsUrl.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const eventsUrl = root.dataset.eventsUrl;
  const previewUrl = root.dataset.previewUrl;
  const logLinesUrl = root.dataset.logLinesUrl;

  let last = Number(root.dataset.seq || 0); // newest seq this page shows
  let tableRev = root.dataset.tableRev || ""; // the revision of the table this page shows
  let socket = null;
  let delay = 500; // reconnect backoff, capped at a few seconds with jitter (docs/realtime.md)
  let syncing = false;
  let held = []; // frames that arrived while catching up
  // Sends not yet answered: the server answers each with "done" or an error frame naming its key.
  // They are sent again, under the same key (applied once whatever happens), on every reconnect
  // and after a "sent again" error (the database did not answer; docs/reliability.md).
  const unanswered = new Map(); // key -> { message, at: when it was last sent }
  let lastHeard = Date.now();
  let stopped = false;
  let chain = Promise.resolve();

  function show(name) {
    stateEl.dataset.state = name;
    const label = stateEl.dataset["label" + name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())];
    stateEl.textContent = label || name;
    root.dataset.connection = name;
  }

  function frameOf(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content.querySelector("[data-frame]");
  }

  // A delta frame carries the parts of #table that changed, as [id, outer HTML] pairs, and the
  // new attributes of elements whose own tag changed, in a JSON block. Each part is parsed where
  // it lands (outerHTML), so SVG parts stay SVG; htmx then wires it.
  function applyParts(frame) {
    const block = frame.querySelector("script[data-parts]");
    if (!block) return;
    const { attrs, parts, inners = [] } = JSON.parse(block.textContent);
    const find = (id) => {
      const element = document.getElementById(id);
      if (!element) throw new Error(`delta part #${id} is not on this page`);
      return element;
    };
    for (const [id, values] of attrs) {
      const element = find(id);
      // in the server's order, as a reload has them: a new attribute would otherwise go last
      const names = Object.keys(values);
      const had = [...element.attributes].map((attribute) => attribute.name);
      if (had.join(" ") !== names.join(" ")) for (const name of had) element.removeAttribute(name);
      for (const [name, value] of Object.entries(values)) {
        if (element.getAttribute(name) !== value) element.setAttribute(name, value);
      }
    }
    for (const [id, html] of parts) {
      find(id).outerHTML = html;
      const fresh = document.getElementById(id);
      if (fresh) htmx.process(fresh);
    }
    // An element whose id'd children came or went gets its new inside, parsed where it lands
    // (a clone of it, so SVG stays SVG), with the children it keeps moved into their places.
    for (const [id, html] of inners) {
      const element = find(id);
      const inside = element.cloneNode(false);
      inside.innerHTML = html;
      for (const slot of [...inside.querySelectorAll("template[data-keep]")]) {
        const kept = document.getElementById(slot.getAttribute("data-keep"));
        if (!kept || !element.contains(kept)) throw new Error(`delta keeps #${slot.getAttribute("data-keep")}, not in #${id}`);
        slot.replaceWith(kept);
      }
      element.replaceChildren(...inside.childNodes);
      htmx.process(element);
    }
  }

  // A swapped part comes back with its <details> closed: the ones the viewer had open are opened
  // again, so a frame does not fold up the GM's tools or a player's half-filled form under their
  // hands. One without an id is found by its nearest id'd holder and its summary's words.
  function detailsKey(el) {
    if (el.id) return `#${el.id}`;
    const holder = el.parentElement?.closest("[id]");
    return holder ? `${holder.id}|${el.querySelector(":scope > summary")?.textContent.trim() || ""}` : "";
  }
  function openDetails() {
    return new Set([...root.querySelectorAll("#table details[open]")].map(detailsKey).filter(Boolean));
  }
  function reopen(keys) {
    if (!keys.size) return;
    for (const el of root.querySelectorAll("#table details:not([open])")) if (keys.has(detailsKey(el))) el.open = true;
  }

  // What a person typed or picked in the table's forms, and where their cursor was, stays when a
  // frame or a catch-up redraws those forms with the server's defaults (issue 34). A form is known
  // by its id, else by its holder, its name and its fixed fields; a control by its id, else by its
  // name (and value, for ticks); only controls changed from their defaults are carried over.
  function formKey(form) {
    if (form.id) return `#${form.id}`;
    const fixed = [...form.querySelectorAll("input[type=hidden]:not([name=key])")].map((i) => `${i.name}=${i.value}`);
    return `${form.parentElement?.closest("[id]")?.id || ""}|${form.getAttribute("aria-label") || ""}|${fixed.join("&")}`;
  }
  function controlKey(el) {
    if (el.id) return `#${el.id}`;
    return el.type === "checkbox" || el.type === "radio" ? `${el.name}=${el.value}` : el.name;
  }
  function controlsOf(scope) {
    const found = new Map(); // form key -> Map(control key -> control)
    const seen = new Map();
    for (const form of scope.querySelectorAll("form")) {
      let key = formKey(form);
      const n = (seen.get(key) || 0) + 1;
      seen.set(key, n);
      if (n > 1) key += `~${n}`;
      const controls = new Map();
      for (const el of form.elements) if (el.name && el.type !== "hidden" && el.type !== "submit" && el.type !== "button") controls.set(controlKey(el), el);
      found.set(key, controls);
    }
    return found;
  }
  function changedValue(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked ? { checked: el.checked } : null;
    if (el.tagName === "SELECT") {
      const picked = [...el.options].filter((o) => o.selected).map((o) => o.value);
      const defaults = [...el.options].filter((o) => o.defaultSelected).map((o) => o.value);
      if (!el.multiple && !defaults.length && el.options.length) defaults.push(el.options[0].value);
      return picked.join("\n") !== defaults.join("\n") ? { picked } : null;
    }
    return el.value !== el.defaultValue ? { value: el.value } : null;
  }
  function keepForms(scope) {
    const kept = { values: new Map(), focus: null };
    const active = document.activeElement;
    for (const [form, controls] of controlsOf(scope)) {
      for (const [name, el] of controls) {
        const value = changedValue(el);
        if (value) kept.values.set(`${form} ${name}`, value);
        if (el === active) {
          let range = null;
          try {
            range = [el.selectionStart, el.selectionEnd];
          } catch {} // a number field has no selection
          kept.focus = { key: `${form} ${name}`, range };
        }
      }
    }
    return kept;
  }
  function restoreForms(scope, kept) {
    if (!kept.values.size && !kept.focus) return;
    for (const [form, controls] of controlsOf(scope)) {
      for (const [name, el] of controls) {
        const key = `${form} ${name}`;
        const value = kept.values.get(key);
        if (value && !el.disabled) {
          if ("checked" in value) el.checked = value.checked;
          else if (value.picked) {
            const options = [...el.options];
            if (value.picked.every((v) => options.some((o) => o.value === v))) for (const o of options) o.selected = value.picked.includes(o.value);
          } else if (el.value !== value.value) el.value = value.value;
        }
        if (kept.focus?.key === key && document.activeElement !== el && !document.activeElement?.closest?.("#encounter form")) {
          el.focus({ preventScroll: true });
          const range = kept.focus.range;
          if (range && range[0] !== null) try { el.setSelectionRange(range[0], range[1]); } catch {}
        }
      }
    }
  }

  // The log's times come as UTC from the server (seconds since 1970 in data-at, kept short: a
  // page carries thirty of them); each reader sees them in their own time zone and language, the
  // full date and time on hover.
  const lang = document.documentElement.lang || undefined;
  const clock = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" });
  const stamp = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium" });
  function localTimes() {
    for (const el of document.querySelectorAll("#event-log time.at[data-at]:not([datetime])")) {
      const when = new Date(Number(el.dataset.at) * 1000);
      if (Number.isNaN(when.getTime())) continue;
      el.textContent = clock.format(when);
      el.title = stamp.format(when);
      el.setAttribute("datetime", when.toISOString());
    }
  }

  // A take-back's line names the entry it took back (data-reverts): that entry's lines already
  // on the page are marked as taken back, as a reload draws them.
  function markUndone(frame) {
    const log = document.getElementById("event-log");
    if (!log || !frame) return;
    for (const revert of frame.querySelectorAll("li[data-reverts]")) {
      for (const line of log.querySelectorAll(`li[data-entry="${revert.dataset.reverts}"]:not(.undone)`)) {
        line.classList.add("undone");
        const mark = document.createElement("small");
        mark.className = "badge undone-mark";
        mark.textContent = log.dataset.undoneLabel || "";
        line.querySelector(".text")?.after(" ", mark);
      }
    }
  }

  // The sides' names this page's log lines were drawn under (a revision; "" while a scenario's own
  // names stand). Every events and hello frame names the revision now: when the GM renamed a side
  // (SCS-ENG-4), or took a rename back, the lines already on this page are asked for again, drawn
  // for this viewer as a reload would draw them, and each one that reads otherwise is swapped in
  // place (lines newer than the answer stay as their frames brought them).
  let names = root.dataset.names || "";
  let redrawAsk = 0;
  const reading = (line) => {
    const bare = line.cloneNode(true);
    bare.querySelector("time.at")?.remove(); // the page writes the time in the reader's zone
    return `${bare.className}|${bare.textContent.replace(/\s+/g, " ").trim()}`;
  };
  async function redrawLog() {
    const log = document.getElementById("event-log");
    const seqs = log ? [...log.querySelectorAll("li[data-seq]")].map((li) => Number(li.dataset.seq)) : [];
    if (!seqs.length || !logLinesUrl) return;
    const ask = ++redrawAsk;
    const response = await fetch(`${logLinesUrl}?after=${Math.min(...seqs) - 1}&before=${Math.max(...seqs) + 1}`, {
      credentials: "same-origin",
      headers: { "HX-Request": "true" },
    });
    if (!response.ok) throw new Error(`log lines failed: ${response.status}`);
    const html = await response.text();
    if (ask !== redrawAsk) return; // the names changed again: a newer answer is on its way
    const template = document.createElement("template");
    template.innerHTML = html;
    for (const fresh of template.content.querySelectorAll("li[data-seq]")) {
      const line = document.getElementById(fresh.id);
      if (line && log.contains(line) && reading(line) !== reading(fresh)) line.replaceWith(fresh);
    }
    localTimes();
    showMine();
  }
  function namesNow(frame) {
    const now = frame.dataset.names || "";
    if (now === names) return;
    names = now;
    if (now) root.dataset.names = now; // as a reload draws the page
    else delete root.dataset.names;
    redrawLog().catch((error) => console.error(error));
  }

  async function apply(html, frame) {
    const log = document.getElementById("event-log");
    const atBottom = log && log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const opened = openDetails();
    const kept = keepForms(root.querySelector("#table") || root);
    keepParts();
    if (frame) applyParts(frame); // first: if a part cannot land, the log is still untouched
    await htmx.swap({ text: html, swap: "none", target: root, sourceElement: root });
    markUndone(frame);
    if (frame) namesNow(frame);
    reopen(opened);
    restoreForms(root.querySelector("#table") || root, kept);
    if (frame?.dataset.rev) tableRev = frame.dataset.rev;
    // boards re-apply their selection: a delta may have swapped parts of them, not the whole
    document.dispatchEvent(new CustomEvent("tabula:frame"));
    watchDeadlines();
    localTimes();
    if (log && atBottom) log.scrollTop = log.scrollHeight; // follow the log unless reading back
    showMine();
  }

  // The result of this page's own last action (issue 34), as well as in the log: the log lines
  // of the first entry stored after it was sent, headed by the card's name, at the foot of the screen
  // (outside it: #table stays what a reload draws). A refusal clears it; the next action
  // replaces it.
  let mine = null; // { key, name, after: the newest seq shown when it was sent, entry }
  function showMine() {
    const log = document.getElementById("event-log");
    if (!mine || !log) return;
    if (!mine.entry) {
      const row = [...log.querySelectorAll("li.event[data-entry]")].find((li) => Number(li.dataset.seq) > mine.after);
      if (!row) return;
      mine.entry = row.dataset.entry;
    }
    let box = document.getElementById("my-result");
    if (!box) {
      box = document.createElement("div");
      box.id = "my-result";
      box.className = "my-result";
      box.setAttribute("role", "status");
      root.querySelector(".encounter-grid")?.before(box);
    }
    box.dataset.entry = mine.entry;
    const head = document.createElement("b");
    head.textContent = mine.name;
    const lines = [...log.querySelectorAll(`li.event[data-entry="${CSS.escape(mine.entry)}"]`)].map((li) => {
      const line = document.createElement("p");
      line.className = "line";
      line.dataset.seq = li.dataset.seq;
      for (const part of li.querySelectorAll(":scope > .text, :scope > .dice")) line.append(part.cloneNode(true));
      return line;
    });
    box.replaceChildren(head, ...lines);
  }

  // The catch-up is part of the socket protocol, so it stays a fetch, not htmx (docs/server.md):
  // its answer is an events frame, applied only if it is newer, while the frames that arrive
  // meanwhile are held and replayed after it in order.
  async function catchUp() {
    syncing = true;
    show("syncing");
    try {
      const response = await fetch(`${eventsUrl}?after=${last}`, {
        credentials: "same-origin",
        headers: { "HX-Request": "true" },
      });
      if (!response.ok) {
        // 503: the database dropped its connection for a moment; ask again shortly
        if (response.status >= 500) setTimeout(() => syncing || catchUp(), 1000);
        throw new Error(`catch-up failed: ${response.status}`);
      }
      const html = await response.text();
      const frame = frameOf(html);
      const seq = Number(frame?.dataset.seq || 0);
      if (frame && seq > last) {
        await apply(html, frame);
        last = seq;
      }
      show("caught-up");
    } finally {
      syncing = false;
    }
    const pending = held;
    held = [];
    for (const html of pending) await handle(html);
  }

  async function handle(html) {
    if (syncing) {
      held.push(html);
      return;
    }
    const frame = frameOf(html);
    if (!frame) return;
    const kind = frame.dataset.frame;
    const seq = Number(frame.dataset.seq || 0);
    if (kind === "events") {
      const first = Number(frame.dataset.first || seq);
      if (seq <= last) return; // already shown: once each
      if (first !== last + 1) return catchUp(); // a gap (or an overlap): fetch what is missing
      // a delta from a table this page does not show (a missed frame, another server's render)
      if (frame.dataset.base && frame.dataset.base !== tableRev) return catchUp();
      try {
        await apply(html, frame);
      } catch (error) {
        console.error(error);
        return catchUp();
      }
      last = seq;
      show("caught-up");
      // a refusal read 10 s ago is over once the table moved on (one being sent again stays)
      const shown = document.getElementById("table-error");
      if (shown && !shown.dataset.retryKey && Date.now() - Number(shown.dataset.at || Date.now()) > 10000) shown.replaceChildren();
    } else if (kind === "hello") {
      // The server's log ends before what this page shows: lines it had were lost (a crash of
      // the database machine can lose the last chat lines, docs/deploy.md). Start again from it.
      if (seq < last) return location.reload();
      await apply(html, frame);
      if (seq > last) return catchUp();
      show("caught-up");
    } else if (kind === "done") {
      unanswered.delete(frame.dataset.key);
      // this page's next action went through: a refusal or "sent again" shown before is over
      const shown = document.getElementById("table-error");
      if (shown && (!shown.dataset.retryKey || shown.dataset.retryKey === frame.dataset.key)) shown.replaceChildren();
    } else if (kind === "heartbeat") {
      if (seq > last) return catchUp();
      // behind this page: reconnect, and the hello decides (a heartbeat read just before a
      // frame it overtook costs only the reconnect)
      if (seq < last && socket) socket.close();
    } else {
      await apply(html); // error or notice, for this page only
      document.getElementById("table-error")?.setAttribute("data-at", String(Date.now()));
      const key = frame.dataset.key;
      if (kind === "error" && key && frame.dataset.retry) {
        document.getElementById("table-error")?.setAttribute("data-retry-key", key);
        setTimeout(() => {
          const sent = unanswered.get(key);
          if (!sent || !socket || socket.readyState !== WebSocket.OPEN) return; // or on reconnect
          sent.at = Date.now();
          socket.send(sent.message);
        }, 1000 + Math.random() * 1000);
      } else if (key) {
        unanswered.delete(key); // refused: sending it again would change nothing
        if (mine?.key === key) mine = null;
      }
    }
  }

  function connect() {
    if (stopped) return;
    socket = new WebSocket(wsUrl);
    socket.addEventListener("open", () => {
      delay = 500;
      lastHeard = Date.now();
      show("connected");
      for (const sent of unanswered.values()) {
        sent.at = Date.now();
        socket.send(sent.message);
      }
    });
    socket.addEventListener("message", (event) => {
      lastHeard = Date.now();
      chain = chain.then(() => handle(event.data)).catch((error) => console.error(error));
    });
    socket.addEventListener("close", (event) => {
      // 4403: not (or no longer) at this table; 4429: too many tables open (the error frame says)
      if (event.code === 4403 || event.code === 4429) {
        stopped = true;
        show("closed");
        return;
      }
      if (event.code === 1009) unanswered.clear(); // a message over the limit: sent again, closed again
      show("reconnecting");
      const wait = delay * (0.7 + Math.random() * 0.6);
      delay = Math.min(delay * 2, 5000);
      setTimeout(connect, wait);
    });
  }

  // A socket that hears nothing (not even the ~15 s heartbeat) is stale: reconnect.
  setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - lastHeard > 40000) socket.close();
    // A send unanswered for 30 s on an open socket (a server that hangs): reconnect and send it again.
    const oldest = Math.min(...[...unanswered.values()].map((sent) => sent.at));
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - oldest > 30000) socket.close();
  }, 5000);

  function newKey() {
    if (window.crypto?.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function formJson(form) {
    const data = {};
    for (const [name, value] of new FormData(form)) {
      if (name in data) data[name] = [].concat(data[name], value);
      else data[name] = value;
    }
    return data;
  }

  function send(message) {
    const open = socket && socket.readyState === WebSocket.OPEN;
    if (!open && unanswered.size >= 20) return;
    const key = JSON.parse(message).key;
    if (key) unanswered.set(key, { message, at: Date.now() });
    if (open) socket.send(message);
  }

  // A prompt with a time limit (data-expire-after seconds, data-expire-token naming it): once
  // it has run out on this page, ask the server to settle it. The server checks the time
  // against its own log, so an early or repeated ask changes nothing; while the prompt is still
  // shown, ask again every few seconds.
  const deadlines = new Map();
  function watchDeadlines() {
    const shown = new Set();
    for (const element of root.querySelectorAll("[data-expire-after]")) {
      const token = element.dataset.expireToken || "";
      shown.add(token);
      if (deadlines.has(token)) continue;
      const ask = () => {
        send(JSON.stringify({ command: "expire", key: newKey() }));
        deadlines.set(token, setTimeout(ask, 5000));
      };
      deadlines.set(token, setTimeout(ask, Number(element.dataset.expireAfter) * 1000));
    }
    for (const [token, timer] of deadlines) {
      if (!shown.has(token)) {
        clearTimeout(timer);
        deadlines.delete(token);
      }
    }
  }

  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches("form[data-ws-send]")) {
      event.preventDefault();
      // what cannot be taken back (ending a phase, a retreat, the GM's undo) is asked about first
      // (or what its odds, shown, say cannot work: a 0% shot)
      const ask = form.dataset.confirm || form.querySelector("output.preview [data-confirm]")?.dataset.confirm;
      if (ask && !window.confirm(ask)) return;
      // an attack on someone of the attacker's own side is asked about first
      const ally = form.querySelector("select[name=target] option:checked[data-ally]");
      if (ally && !window.confirm(`${ally.textContent.trim()}: ${root.dataset.labelAlly || "an ally. Attack anyway?"}`)) return;
      const data = formJson(form);
      // one key per submit: a replayed send is answered, not applied twice; a face prompt keeps
      // its action's key (nothing was stored under it yet)
      data.key = form.dataset.key || newKey();
      // an action from the table (not the chat): its result is shown above the table as it comes
      if (form.closest("#table")) mine = { key: data.key, name: form.getAttribute("aria-label") || form.querySelector("button[type=submit]")?.textContent.trim() || "", after: last, entry: "" };
      send(JSON.stringify(data));
      if (form.id === "chat-form") form.reset();
      const prompt = form.closest("#face-prompt");
      if (prompt) prompt.replaceChildren(); // the server asks again if it needs another die
    } else if (form.method === "post") {
      // fragments rendered for a whole audience carry no CSRF token; add this page's
      let token = form.querySelector("[name=csrfmiddlewaretoken]");
      if (!token) {
        token = document.createElement("input");
        token.type = "hidden";
        token.name = "csrfmiddlewaretoken";
        form.append(token);
      }
      token.value = document.querySelector("meta[name=csrf-token]").content;
    }
  });

  // An action's odds: htmx fetches them with the card's choices and swaps them into its output.
  // Each output asks for itself, a newer ask replacing one still out: with htmx's default (one
  // queue for the whole page, "queue first") a choice made while the odds of an earlier one were
  // on their way was dropped, and the odds of the older choice stayed.
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-preview]");
    if (!button) return;
    const form = button.closest("form");
    const output = form.querySelector("output.preview");
    if (!output) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (name !== "key" && name !== "command") params.append(name, value);
    output.setAttribute("hx-sync", "replace");
    htmx.ajax("GET", `${previewUrl}?${params}`, { source: output, target: output, swap: "innerHTML" }).catch(() => {}); // a replaced ask
  });

  // Parts of the board drawn when opened (a holder marked data-on-demand="part" inside a <details>,
  // with hx-get: the GM's tool forms) are not in the frames. htmx fetches each into its holder
  // (hx-trigger="tabula:part", hx-swap innerHTML, hx-sync replace: a newer ask aborts an older)
  // when its <details> opens, and again after a frame that changed its revision (data-rev) or
  // swapped it out empty. A holder marked data-refresh="frame" (a Delta Green card's reactions)
  // is fetched again after every frame while it is open. Which holder to ask, and when, follows
  // the frames, so it is decided here; the request and the swap are htmx's.
  const PART = "[data-on-demand=part][hx-get]";
  const partRevs = new WeakMap(); // holder -> the revision it holds (or was last asked for)
  const partAsks = new WeakMap(); // holder -> its newest request, so an older answer is dropped
  // A frame that redraws a holder leaves it empty until its part comes again: what the GM had
  // open and typed in it is kept by the holder's id (before the frame) for that part's swap.
  const partHeld = new Map(); // holder id -> { opened, forms }
  function keptIn(holder) {
    const opened = new Set([...holder.querySelectorAll("details[open]")].map(detailsKey).filter(Boolean));
    return { opened, forms: keepForms(holder) };
  }
  function keepParts() {
    for (const holder of root.querySelectorAll(PART)) if (holder.id && holder.querySelector("form")) partHeld.set(holder.id, keptIn(holder));
  }
  function loadPart(holder) {
    partRevs.set(holder, holder.dataset.rev || "");
    htmx.process(holder); // a holder a frame just drew may not be wired yet (once only)
    htmx.trigger(holder, "tabula:part");
  }
  function partFailed(holder, error) {
    console.error(error);
    partRevs.delete(holder); // asked again when next opened or after the next frame
    holder.textContent = root.dataset.labelPartFailed || "!";
  }
  root.addEventListener("htmx:before:request", (event) => {
    const holder = event.target;
    if (!holder.matches?.(PART)) return;
    event.detail.ctx.partRev = holder.dataset.rev || "";
    partAsks.set(holder, event.detail.ctx);
    holder.setAttribute("aria-busy", "true");
    if (!holder.childElementCount) holder.textContent = root.dataset.labelLoading || "…";
  });
  root.addEventListener("htmx:before:swap", (event) => {
    const holder = event.target;
    if (!holder.matches?.(PART)) return;
    const ctx = event.detail.ctx;
    if (ctx.response?.status >= 400) {
      event.preventDefault();
      return partFailed(holder, new Error(`part failed: ${ctx.response.status}`));
    }
    // an answer for a revision the holder no longer shows: a newer ask is due (or on its way)
    if (!holder.isConnected || (holder.dataset.rev || "") !== ctx.partRev) return event.preventDefault();
    if (partAsks.get(holder) !== ctx) return event.preventDefault(); // a later request answers
    // the forms the GM had open, what they typed in them, and the focus, as a frame keeps them
    const held = holder.querySelector("form") ? null : partHeld.get(holder.id);
    ctx.partKept = held || keptIn(holder);
    partHeld.delete(holder.id);
  });
  // A game without a GM: its standing panel asks again every 30 s, but not over a form being
  // filled in (the time control, a concession): that answer is dropped, the next one shown.
  root.addEventListener("htmx:before:swap", (event) => {
    const panel = event.target;
    if (panel.id !== "standing") return;
    if (panel.querySelector("details[open], input:focus, select:focus, textarea:focus")) event.preventDefault();
  });
  root.addEventListener("htmx:after:swap", (event) => {
    const holder = event.target;
    const kept = event.detail.ctx.partKept;
    if (!holder.matches?.(PART) || !kept) return;
    reopen(kept.opened);
    restoreForms(holder, kept.forms);
  });
  root.addEventListener("htmx:error", (event) => {
    const holder = event.target;
    if (holder.matches?.(PART) && partAsks.get(holder) === event.detail.ctx) partFailed(holder, event.detail.error);
  });
  root.addEventListener("htmx:finally:request", (event) => {
    const holder = event.target;
    if (holder.matches?.(PART) && partAsks.get(holder) === event.detail.ctx) holder.removeAttribute("aria-busy");
  });
  function fillParts(event) {
    const afterFrame = event?.type === "tabula:frame";
    for (const holder of root.querySelectorAll(PART)) {
      const details = holder.closest("details");
      if (details && !details.open) continue;
      const held = partRevs.get(holder) === (holder.dataset.rev || "") && holder.childElementCount;
      if (held && !(afterFrame && holder.dataset.refresh === "frame")) continue;
      loadPart(holder);
    }
  }
  root.addEventListener("toggle", (event) => event.target.open && fillParts(null), true); // toggle does not bubble
  document.addEventListener("tabula:frame", fillParts);

  const log = document.getElementById("event-log");
  localTimes();
  document.addEventListener("htmx:after:settle", localTimes); // older entries loaded on request
  // "Show older entries" replaces itself with the entries and, above them, the next such button:
  // the keyboard's focus goes on to that button (or to the oldest entry), not back to the page.
  let olderAsked = null;
  log?.addEventListener("click", (event) => { olderAsked = event.target.closest?.(".log-older button") || olderAsked; });
  document.addEventListener("htmx:after:settle", () => {
    if (!olderAsked || olderAsked.isConnected || !log) return;
    olderAsked = null;
    const next = log.querySelector(".log-older button") || log.querySelector("li.event");
    if (next && next.tagName === "LI") next.tabIndex = -1;
    next?.focus({ preventScroll: true });
  });
  if (log) log.scrollTop = log.scrollHeight;
  show("connecting");
  watchDeadlines();
  connect();
})();
