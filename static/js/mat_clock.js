/* The mat clock (docs/mat-clock.md), no framework, no inline script (CSP).

   Every element with data-clock shows a bout's clock from what the server rendered: its state,
   the period's elapsed time and the hold at the last command (data-mark), the thresholds and the
   hold second at which each side's hold stops. It ticks locally, so the display stays right
   while the Wi-Fi is down.

   data-clock="table" (the mat-side page): the page's own commands are timestamped here
   (Date.now(), the table's ms, the same frame as data-mark) and sent in order, one at a time,
   each with the version it expects (the version after the one before it). A command that cannot
   reach the server waits in a queue kept in localStorage (per bout), shown on the page, and is
   sent again when the connection is back; a resend of an entry the server already applied is
   answered as applied (its entry id), so nothing is applied twice. A refusal (the bout changed
   from another page meanwhile, or a call the clock does not allow) stops the queue and shows
   what was refused and what was not sent: nothing is dropped without the table seeing it.
   When a hold reaches the second its score decides the bout, or the bell, the page sends
   "tick" so the server saves the score even if no one presses a button.

   data-clock="mirror" (the public mat page and the mat's screen): ticks from data-server-mark,
   the server's time of the last command, against this device's clock. Both re-initialise
   when their element is swapped (htmx:afterSwap, live:swapped). */
"use strict";

(() => {
  const SIDES = { a: "white", b: "blue" };
  const RETRY_MS = 3000;
  let timer = null;
  let sending = false;
  let retry = null;

  const num = (value, fallback = 0) => {
    const n = Number(value);
    return Number.isFinite(n) ? n : fallback;
  };

  /* The clock model as rendered: a plain object the page updates as commands are given. */
  const read = (el) => ({
    state: el.dataset.state,
    mark: num(el.dataset.mark),
    serverMark: num(el.dataset.serverMark),
    elapsed: num(el.dataset.elapsed),
    period: num(el.dataset.period, -1),
    hold: num(el.dataset.hold),
    holder: el.dataset.holder || "",
    golden: el.dataset.golden === "1",
    bell: el.dataset.bell === "1",
    stops: { white: num(el.dataset.stopWhite, 20), blue: num(el.dataset.stopBlue, 20) },
    thresholds: (el.dataset.thresholds || "")
      .split(" ")
      .filter(Boolean)
      .map((part) => {
        const [seconds, kind] = part.split(":");
        return [num(seconds), kind];
      }),
    ticked: -1,
  });

  /* The clock at `now` (ms, the model's frame): nothing is changed. */
  const at = (model, now) => {
    const running = model.state === "running";
    const dt = running ? Math.max(0, now - model.mark) : 0;
    let elapsed = model.elapsed + dt;
    if (model.period >= 0) elapsed = Math.min(elapsed, model.period);
    let hold = 0;
    let stopped = false;
    if (model.holder) {
      const stop = model.stops[model.holder] * 1000;
      hold = Math.min(model.hold + dt, stop);
      stopped = running && hold >= stop;
    }
    const bell = running && !model.holder && !model.bell && model.period >= 0 &&
      elapsed >= model.period;
    const reached = model.thresholds.filter(([s]) => hold >= s * 1000).map(([, k]) => k).pop();
    return { elapsed, hold, stopped, bell, reached: model.holder ? reached || "" : "" };
  };

  /* The model after `command` given at `now` (for the display; the server is the judge). */
  const apply = (model, now, command) => {
    const reading = at(model, now);
    const [call, side] = command.split(" ");
    Object.assign(model, { mark: now, elapsed: reading.elapsed, hold: reading.hold });
    if (call === "hajime" || call === "yoshi") model.state = "running";
    else if (call === "sono_mama") model.state = "frozen";
    else if (call === "matte") Object.assign(model, { state: "waiting", holder: "", hold: 0 });
    else if (call === "osaekomi") Object.assign(model, { holder: side, hold: 0 });
    else if (call === "toketa") {
      Object.assign(model, { holder: "", hold: 0 });
      if (model.bell) model.state = "waiting";
    } else if (call === "tick") {
      if (reading.stopped) Object.assign(model, { state: "over", holder: "", hold: 0 });
      else if (reading.bell) model.state = "waiting";
    }
  };

  const clockText = (model, reading) => {
    if (model.golden) {
      const s = Math.floor(reading.elapsed / 1000);
      return `+${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    }
    const s = Math.ceil(Math.max(0, model.period - reading.elapsed) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };

  const show = (el) => {
    const model = el.matClock;
    if (!model) return;
    const now = el.dataset.clock === "table" ? Date.now() : model.mark + (Date.now() - model.serverMark);
    const reading = at(model, now);
    const set = (selector, text) => {
      const target = el.querySelector(selector);
      if (target && target.textContent !== text) target.textContent = text;
    };
    set(".contest-time", clockText(model, reading));
    const hold = el.querySelector(".hold");
    if (hold) {
      hold.hidden = !model.holder;
      hold.dataset.holder = model.holder;
    }
    set(".hold-seconds", String(Math.floor(reading.hold / 1000)));
    set(".hold-reached", reading.reached);
    el.querySelectorAll("[data-state-label]").forEach((label) => {
      label.hidden = label.dataset.stateLabel !== model.state;
    });
    el.querySelectorAll("button[name=command]").forEach((button) => {
      const [call] = button.value.split(" ");
      const allowed = {
        hajime: model.state === "waiting",
        matte: model.state === "running" || model.state === "frozen",
        sono_mama: model.state === "running",
        yoshi: model.state === "frozen",
        osaekomi: model.state === "running" && !model.holder,
        toketa: model.state === "running" && !!model.holder,
      }[call];
      button.disabled = allowed === false;
    });
    if (el.dataset.clock === "table" && (reading.stopped || reading.bell) && model.ticked !== model.mark) {
      model.ticked = model.mark;
      give(el, "tick");
    }
  };

  // --- the table's queue ---------------------------------------------------------------------
  const key = (el) => `mat-clock:${el.dataset.queue}`;
  const load = (el) => {
    try {
      const kept = JSON.parse(window.localStorage.getItem(key(el)) || "null");
      if (kept && Array.isArray(kept.entries)) return kept;
    } catch (_error) {
      /* an unreadable queue is shown as empty */
    }
    return { entries: [], refused: null };
  };
  const save = (el, queue) => {
    if (!queue.entries.length && !queue.refused) window.localStorage.removeItem(key(el));
    else window.localStorage.setItem(key(el), JSON.stringify(queue));
  };
  const tableClock = () => document.querySelector("[data-clock=table]");
  const pending = () => {
    const el = tableClock();
    if (!el) return false;
    const queue = load(el);
    return queue.entries.length > 0 || !!queue.refused;
  };

  const status = (el) => {
    const box = document.getElementById("clock-queue");
    if (!box) return;
    const queue = load(el);
    box.replaceChildren();
    box.hidden = !queue.entries.length && !queue.refused;
    if (queue.refused) {
      box.classList.add("errors");
      box.setAttribute("role", "alert");
      const p = document.createElement("p");
      p.className = "clock-refused";
      const { command, message } = queue.refused;
      p.textContent = message.includes(command)
        ? message
        : `${box.dataset.refused} ${command}: ${message}`;
      box.append(p);
    } else {
      box.classList.remove("errors");
      box.setAttribute("role", "status");
    }
    if (queue.entries.length) {
      const p = document.createElement("p");
      p.className = "clock-waiting";
      const n = queue.entries.length;
      p.textContent = (n === 1 ? box.dataset.one : box.dataset.many).replace("%(n)s", String(n));
      box.append(p);
      const list = document.createElement("ol");
      queue.entries.forEach((entry) => {
        const item = document.createElement("li");
        item.textContent = entry.command;
        list.append(item);
      });
      box.append(list);
    }
    if (queue.refused) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary clock-discard";
      button.textContent = box.dataset.discard;
      button.addEventListener("click", () => {
        save(el, { entries: [], refused: null });
        window.location.reload();
      });
      box.append(button);
    }
  };

  const give = (el, command) => {
    const queue = load(el);
    if (queue.refused) {
      status(el);
      return;
    }
    const now = Date.now();
    const last = queue.entries[queue.entries.length - 1];
    const seen = last ? last.seen + 1 : num(el.dataset.version);
    const id = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    queue.entries.push({ id, at: Math.max(now, last ? last.at : 0), command, seen });
    save(el, queue);
    apply(el.matClock, now, command);
    show(el);
    status(el);
    flush();
  };

  const swapIn = (html) => {
    const section = document.getElementById("mat-bout");
    if (!section) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#mat-bout");
    if (!fresh) return;
    section.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    start();
  };

  const flush = async () => {
    const el = tableClock();
    if (!el || sending) return;
    const queue = load(el);
    if (!queue.entries.length || queue.refused) return;
    const entry = queue.entries[0];
    const form = el.closest("form") || el;
    const data = new FormData();
    ["csrfmiddlewaretoken", "category", "match"].forEach((name) => {
      data.append(name, form.querySelector(`[name=${name}]`)?.value ?? "");
    });
    data.append("seen", String(entry.seen));
    data.append("command", entry.command);
    data.append("at", String(entry.at));
    data.append("entry", entry.id);
    sending = true;
    let response;
    try {
      response = await fetch(el.dataset.url, {
        method: "POST",
        body: data,
        headers: { "HX-Request": "true" },
        credentials: "same-origin",
      });
    } catch (_error) {
      sending = false;
      status(el);
      window.clearTimeout(retry);
      retry = window.setTimeout(flush, RETRY_MS);
      return;
    }
    const html = await response.text();
    sending = false;
    const answer = response.headers.get("X-Clock");
    const now = load(el);
    if (answer === "applied") {
      now.entries = now.entries.filter((e) => e.id !== entry.id);
      save(el, now);
      if (!now.entries.length) swapIn(html);
      else status(el);
      flush();
      return;
    }
    if (answer === "refused") {
      const holder = document.createElement("div");
      holder.innerHTML = html;
      const message = holder.querySelector(".errors")?.textContent.trim() || response.statusText;
      now.entries = now.entries.filter((e) => e.id !== entry.id);
      now.refused = { command: entry.command, message };
      save(el, now);
      swapIn(html);
      return;
    }
    // an answer that is not the clock's (a login page, a server error): try again later
    status(el);
    window.clearTimeout(retry);
    retry = window.setTimeout(flush, RETRY_MS);
  };

  // --- wiring --------------------------------------------------------------------------------
  const start = () => {
    document.querySelectorAll("[data-clock]").forEach((el) => {
      el.matClock = read(el);
      if (el.dataset.clock === "table") {
        const queue = load(el);
        queue.entries.forEach((entry) => apply(el.matClock, entry.at, entry.command));
        status(el);
      }
      show(el);
    });
    const table = tableClock();
    const box = document.getElementById("clock-queue");
    if (!table && box) box.hidden = true;
    if (!timer) {
      timer = window.setInterval(() => {
        document.querySelectorAll("[data-clock]").forEach(show);
      }, 100);
    }
    if (table) flush();
  };

  document.addEventListener(
    "submit",
    (event) => {
      const el = tableClock();
      if (!el) return;
      const form = event.target;
      const value = event.submitter?.value ?? "";
      let command = "";
      if (form.contains(el) || form === el) command = event.submitter?.name === "command" ? value : "";
      else if (form.classList.contains("score-buttons")) {
        const [hand, kind] = value.split(":");
        if (SIDES[hand] && kind) command = `award ${SIDES[hand]} ${kind}`;
      }
      if (!command) return;
      event.preventDefault();
      event.stopPropagation();
      give(el, command);
    },
    true,
  );

  // no poll nor other entry swaps the bout while entries wait: they would be refused as stale
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (pending() && event.detail.elt.closest?.("#mat-bout")) event.preventDefault();
  });
  document.addEventListener("htmx:afterSwap", start);
  document.addEventListener("live:swapped", start);
  window.addEventListener("online", flush);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
