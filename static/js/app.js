/* The app's few behaviours beyond htmx, in one file (no inline script on any page). */
"use strict";

/* Keyboard result entry on a round page (#quick-entry). Enter takes what the fields hold at that
   moment and clears them at once, so the next result can be typed while this one is on its way;
   htmx queues the requests (hx-sync "queue all") and each one sends the values taken for it, in
   the order Enter was pressed. With them goes the result the page shows on that board
   ("expected"): a correction replaces what the arbiter saw, and a board someone else changed
   meanwhile is refused. An empty form sends nothing. Without htmx the form posts as usual, and
   then never overwrites a result. */
const quickEntryQueue = new WeakMap();

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (form.id !== "quick-entry" || !window.htmx) return;
    const typed = { board: form.board.value.trim(), result: form.result.value.trim() };
    const row = document.getElementById(`board-${typed.board}`);
    typed.expected = row?.querySelector("input[name=expected]")?.value ?? "";
    if (!typed.board && !typed.result) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (!quickEntryQueue.has(form)) quickEntryQueue.set(form, []);
    quickEntryQueue.get(form).push(typed);
    form.reset();
    form.board.focus();
  },
  true,
);

document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (form.id !== "quick-entry") return;
  const typed = quickEntryQueue.get(form)?.shift();
  if (!typed) {
    event.preventDefault();
    return;
  }
  event.detail.parameters.board = typed.board;
  event.detail.parameters.result = typed.result;
  event.detail.parameters.expected = typed.expected;
});

/* A result that never reached the server is said so in the log, with what was typed. */
function quickEntryNotSent(event) {
  const form = event.detail.elt;
  if (form.id !== "quick-entry") return;
  const sent = event.detail.requestConfig?.parameters ?? {};
  const line = document.createElement("li");
  line.className = "error";
  line.setAttribute("role", "alert");
  line.textContent = form.dataset.notSent
    .replace("{board}", sent.board ?? "?")
    .replace("{result}", sent.result ?? "?");
  form.querySelector("#quick-entry-log").prepend(line);
}
document.addEventListener("htmx:sendError", quickEntryNotSent);
document.addEventListener("htmx:responseError", quickEntryNotSent);

/* After a board's result is saved with its buttons, the keyboard moves on to the next board's
   first button. */
document.addEventListener("htmx:afterSettle", (event) => {
  const row = event.target;
  if (!(row instanceof Element) || !row.matches("#board-rows > tr[data-saved]")) return;
  row.removeAttribute("data-saved");
  row.nextElementSibling?.querySelector("button")?.focus();
});
