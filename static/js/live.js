/* Pushed updates (docs/live.md): the page's live body (#live, naming its topic in data-live)
   follows the push service's event stream at LIVE_URL (<meta name="live-url">), in the page's
   language. A "fragment" event is the new body itself (a mat's page and screen): it takes the
   old one's place and htmx takes it over, and "live:swapped" tells the other scripts (the
   screens' pages, the mat clock) to look at it again. A "changed" event asks the body's usual
   poll at once (its hx-trigger has "live"): answered from the cache, 204 when this page did not
   change. The poll every 20 s stays: it is the fallback when the stream is down, and EventSource
   reconnects by itself, sending the last event id it saw (the service sends the last event
   again when it is newer). */
"use strict";

(() => {
  const start = () => {
    const where = document.querySelector('meta[name="live-url"]')?.content;
    const body = document.querySelector("#live[data-live]");
    if (!where || !body || !window.EventSource) return;
    const language = document.documentElement.lang || "en";
    const url = `${where.replace(/\/?$/, "/")}${encodeURIComponent(body.dataset.live)}?lang=${encodeURIComponent(language)}`;
    const source = new EventSource(url);

    const poll = () => {
      const live = document.getElementById("live");
      if (live && window.htmx) window.htmx.trigger(live, "live");
    };

    // (re)connected: whatever changed while the stream was not open is asked for once
    source.addEventListener("open", poll);
    source.addEventListener("changed", poll);
    source.addEventListener("fragment", (event) => {
      const live = document.getElementById("live");
      if (!live) return;
      const template = document.createElement("template");
      template.innerHTML = event.data.trim();
      const fresh = template.content.firstElementChild;
      if (!fresh || fresh.id !== "live") return;
      live.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
      document.dispatchEvent(new CustomEvent("live:swapped", { detail: { element: fresh } }));
    });
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
