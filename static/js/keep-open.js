// A <details> with an id stays as the person left it across live redraws: every frame draws the
// board afresh, and a panel someone opened (or closed) would otherwise snap back with each move.
(function () {
  "use strict";
  var chosen = {};

  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.tagName === "DETAILS" && details.id) chosen[details.id] = details.open;
  }, true);

  function restore(root) {
    Object.keys(chosen).forEach(function (id) {
      var details = document.getElementById(id);
      if (!details || !root.contains(details) || details.open === chosen[id]) return;
      details.open = chosen[id];
    });
  }

  document.addEventListener("htmx:load", function (event) { restore(event.target); });
  document.addEventListener("htmx:oobAfterSwap", function (event) { restore(event.target); });
})();
