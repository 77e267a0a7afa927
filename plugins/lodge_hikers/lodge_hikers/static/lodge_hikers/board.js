/* Lodge (hikers): the redraw form allows at most two ticked cards. Once two are ticked the
   other boxes are disabled, so a third cannot be ticked by mouse, touch or keyboard. One
   listener on the document serves every board swapped in later. */
(function () {
  if (window.lodgeHikersBoard) return;
  window.lodgeHikersBoard = true;
  document.addEventListener("change", function (event) {
    var box = event.target;
    var group = box.closest && box.closest("[data-lodge_hikers-max]");
    if (!group || box.type !== "checkbox") return;
    var max = Number(group.getAttribute("data-lodge_hikers-max"));
    var boxes = group.querySelectorAll("input[type=checkbox]");
    var ticked = group.querySelectorAll("input[type=checkbox]:checked").length;
    boxes.forEach(function (other) {
      other.disabled = !other.checked && ticked >= max;
    });
  });
})();
