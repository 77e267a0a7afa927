// Copy buttons: <button data-copy="#field-id" hidden> beside a read-only field. Without script
// the field alone is there to select and copy by hand; with script (and a clipboard) the button
// shows, copies the field's value and says so in words a screen reader announces.
(function () {
  "use strict";

  function reveal(root) {
    if (!navigator.clipboard) return;
    root.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var field = document.querySelector(button.dataset.copy);
    var said = button.parentElement.querySelector(".copy-said");
    if (!field) return;
    navigator.clipboard.writeText(field.value).then(function () {
      if (said) said.textContent = "Copied.";
    }, function () {
      field.select();
      if (said) said.textContent = "Press Ctrl+C (or long-press) to copy the selected link.";
    });
  });

  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
})();
