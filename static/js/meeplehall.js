// Small glue on top of htmx: the match clock ticks down locally between updates, and a socket
// that comes back asks for a fresh board (the server also sends one on every connect).
(function () {
  function tick() {
    document.querySelectorAll(".clock[data-seconds]").forEach(function (el) {
      var left = Math.max(0, Number(el.dataset.seconds) - 1);
      el.dataset.seconds = left;
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = (m >= 60 ? Math.floor(m / 60) + "h " + (m % 60) + "m" : m + ":" + String(s).padStart(2, "0")) + " left";
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:wsOpen", function (e) {
    document.body.classList.remove("socket-down");
  });
  document.addEventListener("htmx:wsClose", function () {
    document.body.classList.add("socket-down");
  });
})();
