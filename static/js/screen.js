/* A venue screen (docs/screens.md): show one of the body's pages at a time and turn to the next
   every data-every seconds, from the last back to the first. The body is swapped in again when
   a newer version is polled (htmx): each turn reads the pages the screen holds at that moment,
   so a longer or shorter list is paged from where the screen was. Without script every page
   shows, one under the other. */
"use strict";

(() => {
  let shown = 0;

  const show = () => {
    const pages = document.querySelectorAll("#live .screen-page");
    if (!pages.length) return;
    if (shown >= pages.length) shown = 0;
    pages.forEach((page, index) => {
      page.hidden = index !== shown;
    });
  };

  const turn = () => {
    shown += 1;
    show();
    schedule();
  };

  const schedule = () => {
    const live = document.getElementById("live");
    const every = Number(live?.dataset.every) || 15;
    window.setTimeout(turn, Math.min(120, Math.max(5, every)) * 1000);
  };

  document.addEventListener("htmx:afterSwap", show);
  document.addEventListener("htmx:load", show);
  document.addEventListener("live:swapped", show);
  document.addEventListener("DOMContentLoaded", () => {
    show();
    schedule();
  });
})();
