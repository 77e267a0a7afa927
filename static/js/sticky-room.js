// Sticky bars (a board's "Your turn" bar, Komodo's end-turn bar, Kavango's move panel on a
// phone) are marked data-sticky-bar in the board's markup. The page keeps room for them when it
// scrolls a control into view (keyboard focus, a jump to a legal move): scroll-padding on the
// root equals the height of the bars stuck to each edge of the window, so a focused control is
// never left under one. Measured again after every live frame and on resize.
(function () {
  "use strict";
  var root = document.documentElement;
  var GAP = 8;

  function measure() {
    var top = 0;
    var bottom = 0;
    document.querySelectorAll("[data-sticky-bar]").forEach(function (bar) {
      var position = getComputedStyle(bar).position;
      if (position !== "sticky" && position !== "fixed") return;
      var height = bar.getBoundingClientRect().height;
      if (bar.dataset.stickyBar === "top") top = Math.max(top, height);
      else bottom = Math.max(bottom, height);
    });
    root.style.setProperty("--mh-sticky-top", top ? top + GAP + "px" : "");
    root.style.setProperty("--mh-sticky-bottom", bottom ? bottom + GAP + "px" : "");
  }

  document.addEventListener("DOMContentLoaded", measure);
  document.addEventListener("htmx:load", measure);
  document.addEventListener("htmx:oobAfterSwap", measure);
  window.addEventListener("resize", measure);
})();
