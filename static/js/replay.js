// Replay autoplay: the step controls are htmx links (hx-get of one step), and this only presses
// "Forward" at the chosen speed, keeps the slider on the shown move, and stops at the end.
(function () {
  "use strict";
  var page, timer = null;

  function state() {
    var el = document.querySelector("#replay-step .replay-state");
    return el ? { ply: Number(el.dataset.ply), last: Number(el.dataset.last) } : null;
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    var button = document.getElementById("replay-play");
    button.textContent = "Play";
    button.setAttribute("aria-pressed", "false");
  }

  function step() {
    var now = state();
    if (!now || now.ply >= now.last) { stop(); return; }
    document.getElementById("replay-forward").click();
  }

  function play() {
    var now = state();
    if (now && now.ply >= now.last) document.getElementById("replay-first").click();
    var button = document.getElementById("replay-play");
    button.textContent = "Pause";
    button.setAttribute("aria-pressed", "true");
    timer = setInterval(step, Number(document.getElementById("replay-speed").value));
  }

  function init() {
    page = document.querySelector("[data-replay]");
    if (!page) return;
    var button = document.getElementById("replay-play");
    var speed = document.getElementById("replay-speed");
    button.hidden = false;
    speed.closest("label").hidden = false;
    button.addEventListener("click", function () { if (timer) stop(); else play(); });
    speed.addEventListener("change", function () { if (timer) { stop(); play(); } });
    document.body.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target.id !== "replay-step") return;
      var now = state();
      var slider = document.getElementById("replay-slider");
      if (now && slider && document.activeElement !== slider) slider.value = now.ply;
      if (now && slider) slider.setAttribute("aria-valuetext", "Move " + now.ply + " of " + now.last);
      if (now && now.ply >= now.last && timer) stop();
      // The step is replaced whole, so the words are read out from a region that stays.
      var words = document.getElementById("replay-words");
      var announce = document.getElementById("replay-announce");
      if (words && announce) announce.textContent = words.textContent.replace(/\s+/g, " ").trim();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
