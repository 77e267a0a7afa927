// Each move (the player's own, the other players', the bots') is said once to a screen reader:
// when a live frame arrives, the game log's lines that are new since the last frame (the game's
// own words, seats named) go into a polite live region that stays outside the swapped area, so
// a player who cannot see the board hears what happened without reading the log again.
(function () {
  "use strict";
  var said = null; // the log's lines as last said, newest first

  function lines(root) {
    return Array.from(root.querySelectorAll("#game-log .log-lines li:not(.muted)"), function (li) {
      return li.textContent.trim();
    });
  }

  // How many of `now`'s lines (newest first) come before the lines already said.
  function freshCount(now, before) {
    if (!before.length) return now.length;
    for (var i = 0; i < now.length; i++) {
      if (now[i] === before[0] && (before.length < 2 || now[i + 1] === before[1] || i + 1 >= now.length)) return i;
    }
    return now.length;
  }

  function start() {
    var live = document.getElementById("match-live");
    if (live) said = lines(live);
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (!e.target || e.target.id !== "match-live") return;
    var now = lines(e.target);
    if (said === null) { said = now; return; }
    var fresh = now.slice(0, freshCount(now, said)).reverse();
    said = now;
    var region = document.getElementById("move-announcer");
    if (region && fresh.length) region.textContent = fresh.join(" ");
  });
})();
