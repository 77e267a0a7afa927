/* Komodo board helpers, loaded once for the page however often the board is swapped in.
   1. The map's clickable squares are SVG groups (role="button"), which browsers do not activate
      from the keyboard by themselves: Enter or Space on a focused one clicks it, as on a button.
   2. Every new frame redraws the map; on a phone the map scrolls inside its frame, so the place a
      player scrolled to is kept across frames (and a fresh map opens centred on the tiles). */
(function () {
  if (window.komodoBoard) return;
  var scroll = (window.komodoBoard = { left: null, top: null });
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
  function place() {
    var map = document.querySelector(".komodo-map");
    if (!map || map.scrollWidth <= map.clientWidth && map.scrollHeight <= map.clientHeight) return;
    map.scrollLeft = scroll.left !== null ? scroll.left : (map.scrollWidth - map.clientWidth) / 2;
    map.scrollTop = scroll.top !== null ? scroll.top : (map.scrollHeight - map.clientHeight) / 2;
  }
  document.addEventListener("htmx:load", place);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", place);
  else place();
})();
