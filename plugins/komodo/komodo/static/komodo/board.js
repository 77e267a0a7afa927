/* Komodo board helpers, loaded once for the page however often the board is swapped in.
   1. The map's clickable squares are SVG groups (role="button"), which browsers do not activate
      from the keyboard by themselves: Enter or Space on a focused one clicks it, as on a button.
   2. The map opens whole, scaled to its frame; "Zoom in" enlarges it to pan inside the frame.
      Every new frame redraws the map, so the zoom and the place a player scrolled to are kept
      across frames (a freshly zoomed map opens centred on the tiles). */
(function () {
  if (window.komodoBoard) return;
  var scroll = (window.komodoBoard = { left: null, top: null, zoomed: false });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if ((event.key !== "Enter" && event.key !== " ") || !target.closest) return;
    var spot = target.closest(".komodo-board [role='button']:not(button)");
    if (!spot) return;
    event.preventDefault();
    spot.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  document.addEventListener("scroll", function (event) {
    var map = event.target;
    if (map.classList && map.classList.contains("komodo-map")) {
      scroll.left = map.scrollLeft;
      scroll.top = map.scrollTop;
    }
  }, true);
  function zoomButton(map) {
    var button = map.previousElementSibling;
    if (!button || !button.classList.contains("komodo-zoom")) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "komodo-zoom secondary outline";
      button.addEventListener("click", function () {
        scroll.zoomed = !scroll.zoomed;
        scroll.left = scroll.top = null;
        place();
      });
      map.parentNode.insertBefore(button, map);
    }
    button.textContent = scroll.zoomed ? "Show the whole map" : "Zoom in on the map";
  }
  function place() {
    var map = document.querySelector(".komodo-map");
    if (!map) return;
    zoomButton(map);
    map.classList.toggle("is-zoomed", !!scroll.zoomed);
    if (map.scrollWidth <= map.clientWidth && map.scrollHeight <= map.clientHeight) return;
    map.scrollLeft = scroll.left !== null ? scroll.left : (map.scrollWidth - map.clientWidth) / 2;
    map.scrollTop = scroll.top !== null ? scroll.top : (map.scrollHeight - map.clientHeight) / 2;
  }
  document.addEventListener("htmx:load", place);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", place);
  else place();
})();
