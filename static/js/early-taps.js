// Board parts answer taps and keys from the first paint, before htmx has wired up the page.
//
// The page is drawn before its deferred scripts run, so on a slow connection a player can tap a
// move while htmx is still on its way: the browser would do nothing for a button with hx-post,
// and would submit a form with hx-post as a plain GET of the page. This file is loaded without
// defer, so it listens from the first byte of the body. Until htmx has processed the page it
// holds the last such tap, and once htmx is ready (its first htmx:load on the body) it makes it.
(function () {
  "use strict";
  var held = null;

  function hold(e) {
    var target = e.target instanceof Element ? e.target : null;
    var part = target && target.closest("[hx-post]");
    if (!part) return;
    if (e.type === "click" && part.tagName === "FORM") {
      var button = target.closest("button, input[type=submit]");
      if (!button || button.type !== "submit") return; // a picker inside the form works as it is
      part = button;
    }
    e.preventDefault();
    e.stopImmediatePropagation();
    held = part;
  }

  function ready(e) {
    if (e.target !== document.body) return;
    document.removeEventListener("click", hold, true);
    document.removeEventListener("submit", hold, true);
    document.removeEventListener("htmx:load", ready);
    var tap = held;
    held = null;
    if (!tap || !document.body.contains(tap)) return;
    if (tap.tagName === "FORM") tap.requestSubmit();
    else tap.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  }

  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);
  document.addEventListener("htmx:load", ready);

  // Keyboard play: a board part that is not a real button (an SVG cell with role="button" and
  // tabindex) makes its move on Enter or Space, as a button would; before htmx is ready that
  // click is held like a tap.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var target = event.target;
    if (!target.matches || !target.matches("[role=button]:not(button):not(a):not(input)")) return;
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
})();
