// Page behaviour that used to be inline script (the Content-Security-Policy allows script files
// only). Everything is driven by data- attributes, so templates stay free of script.
(function () {
  "use strict";

  // The new-table form: only the seats in play are shown, options limited to some player counts
  // (data-players="1-1" for solo) are hidden and disabled for the others, and the clock length is
  // asked only when there is a clock, labelled in minutes or days.
  function syncTableForm(form) {
    var players = Number(form.querySelector("[name=players]").value);
    form.querySelectorAll(".seat-row").forEach(function (row) {
      toggle(row, Number(row.dataset.seat) <= players);
    });
    form.querySelectorAll("[data-players]").forEach(function (label) {
      var range = label.dataset.players.split("-").map(Number);
      toggle(label, players >= range[0] && players <= range[1]);
    });
    form.querySelectorAll(".table-options").forEach(function (section) {
      section.hidden = !section.querySelector("fieldset > label:not([hidden])");
    });
    var control = form.querySelector("[name=time_control]");
    var length = form.querySelector(".clock-length");
    if (control && length) {
      toggle(length, control.value !== "none");
      var words = { realtime: "Minutes per move", correspondence: "Days per move" };
      var text = length.firstChild;
      if (words[control.value] && text && text.nodeType === Node.TEXT_NODE) {
        text.textContent = words[control.value] + " ";
      }
    }
    var weekends = form.querySelector(".weekend-pause");
    if (control && weekends) toggle(weekends, control.value === "correspondence");
  }

  function toggle(element, shown) {
    element.hidden = !shown;
    element.querySelectorAll("input, select, textarea").forEach(function (field) {
      field.disabled = !shown;
    });
  }

  // A scrolling game log must be reachable with the keyboard to be read (it scrolls on its own).
  function focusableScrollers(root) {
    root.querySelectorAll(".game-log ol:not([tabindex])").forEach(function (log) {
      log.tabIndex = 0;
    });
  }

  function init(root) {
    focusableScrollers(root);
    root.querySelectorAll("form[data-table-form]").forEach(function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      form.addEventListener("change", function () { syncTableForm(form); });
      syncTableForm(form);
    });
  }

  // Generic helpers: a confirmation before a form is sent, an input that selects its text when
  // focused, a form emptied after htmx sent it successfully.
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  }, true);
  document.addEventListener("focusin", function (event) {
    if (event.target.matches("input[data-select-on-focus]")) event.target.select();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form[data-reset-on-success]");
    if (form && event.detail.successful) form.reset();
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
})();
