// Board parts explain themselves (issue 46): an element with data-explain carries its words in
// aria-description, or points at them with aria-describedby (a kind of part drawn many times
// has them once in the board); screen readers say them after the part's name. This shows the
// same words in a bubble beside it on hover, on keyboard focus, and on a long press on a touch
// screen. A long press only explains: the tap it ends in does not make a move.
(function () {
  "use strict";
  var bubble = null;
  var pressTimer = null;
  var swallowClick = false;
  var LONG_PRESS_MS = 500;

  function explained(target) {
    return target && target.closest ? target.closest("[data-explain]") : null;
  }

  function words(el) {
    var own = el.getAttribute("aria-description");
    if (own) return own;
    return (el.getAttribute("aria-describedby") || "").split(/\s+/).map(function (id) {
      var found = id && document.getElementById(id);
      return found ? found.textContent : "";
    }).join(" ").trim();
  }

  function show(el) {
    if (!bubble) {
      bubble = document.createElement("div");
      bubble.id = "explain-bubble";
      bubble.className = "explain-bubble";
      bubble.setAttribute("role", "tooltip");
      bubble.setAttribute("aria-hidden", "true");
      document.body.appendChild(bubble);
    }
    var text = words(el);
    if (!text) return;
    bubble.textContent = text;
    bubble.hidden = false;
    var r = el.getBoundingClientRect();
    var width = bubble.offsetWidth;
    var left = Math.min(Math.max(8, r.left + r.width / 2 - width / 2), window.innerWidth - width - 8);
    var below = r.bottom + 8;
    var top = below + bubble.offsetHeight > window.innerHeight ? r.top - bubble.offsetHeight - 8 : below;
    bubble.style.left = left + "px";
    bubble.style.top = Math.max(8, top) + "px";
  }

  function hide() {
    if (bubble) bubble.hidden = true;
  }

  document.addEventListener("mouseover", function (event) {
    var el = explained(event.target);
    if (el) show(el); else hide();
  });
  document.addEventListener("focusin", function (event) {
    var el = explained(event.target);
    if (el) show(el); else hide();
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("scroll", hide, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });

  document.addEventListener("touchstart", function (event) {
    var el = explained(event.target);
    clearTimeout(pressTimer);
    if (!el) return;
    pressTimer = setTimeout(function () {
      swallowClick = true;
      show(el);
    }, LONG_PRESS_MS);
  }, { passive: true });
  document.addEventListener("touchmove", function () { clearTimeout(pressTimer); }, { passive: true });
  document.addEventListener("touchend", function () { clearTimeout(pressTimer); });
  document.addEventListener("contextmenu", function (event) {
    if (swallowClick) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
})();
