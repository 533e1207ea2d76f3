/* notebase footnotes: sidenotes in the margin where the stylesheet makes room for them (wide
   screens), an inline popover opened from the reference elsewhere. Without JavaScript, and for
   screen readers, footnotes stay the plain list at the end of the entry. */
(function () {
  "use strict";
  var body = document.querySelector(".entry .body");
  if (!body) return;
  var refs = Array.prototype.filter.call(
    body.querySelectorAll(".footnote-ref > a[href^='#fn']"),
    function (ref) { return footnoteOf(ref); }
  );
  if (!refs.length) return;
  var element = window.notebase.element;
  var article = body.closest(".entry");
  var column = element("div", "sidenotes");
  column.setAttribute("aria-hidden", "true");
  var notes = [];
  var seen = {};
  var open = null;

  function footnoteOf(ref) {
    return document.getElementById(ref.getAttribute("href").slice(1));
  }

  function numberOf(ref) {
    return ref.textContent.replace(/[\[\]]/g, "");
  }

  /* The footnote's content without its back-reference, ids removed (they stay on the original). */
  function cloneContent(item, container) {
    Array.prototype.forEach.call(item.childNodes, function (node) {
      container.appendChild(node.cloneNode(true));
    });
    container.querySelectorAll(".footnote-backref").forEach(function (a) { a.remove(); });
    container.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
    return container;
  }

  function makeSidenote(ref, item) {
    var note = cloneContent(item, element("div", "sidenote"));
    var mark = element("span", "sidenote-number", numberOf(ref));
    var first = note.firstElementChild && note.firstElementChild.matches("p") ? note.firstElementChild : note;
    first.insertBefore(mark, first.firstChild);
    note.querySelectorAll("a, button, input, select, textarea, [tabindex]").forEach(function (el) {
      el.setAttribute("tabindex", "-1");
    });
    return note;
  }

  refs.forEach(function (ref) {
    var item = footnoteOf(ref);
    ref.addEventListener("click", function (event) {
      if (sidenotesShown()) return;
      event.preventDefault();
      if (open && open.ref === ref) closePopover(true);
      else openPopover(ref, item);
    });
    if (seen[item.id]) return;
    seen[item.id] = true;
    var note = makeSidenote(ref, item);
    column.appendChild(note);
    notes.push({ ref: ref, el: note });
  });
  article.appendChild(column);

  function sidenotesShown() {
    return getComputedStyle(column).display !== "none";
  }

  /* Each sidenote level with its reference, pushed down when the one above would overlap it;
     references are disclosure buttons for the popover only where sidenotes are hidden. */
  function layout() {
    var wide = sidenotesShown();
    if (wide && open) closePopover(false);
    refs.forEach(function (ref) {
      if (wide) ref.removeAttribute("aria-expanded");
      else if (!open || open.ref !== ref) ref.setAttribute("aria-expanded", "false");
    });
    if (!wide) return;
    var base = column.getBoundingClientRect().top;
    var toc = document.querySelector(".entry-rail .toc"); // shown, it shares the margin: notes go below
    var floor = toc && toc.offsetHeight ? Math.max(0, toc.getBoundingClientRect().bottom - base + 24) : 0;
    notes.forEach(function (n) {
      var top = Math.max(n.ref.getBoundingClientRect().top - base, floor);
      n.el.style.top = top + "px";
      floor = top + n.el.offsetHeight + 12;
    });
  }

  function openPopover(ref, item) {
    if (open) closePopover(false);
    var pop = element("div", "footnote-popover");
    pop.id = "popover-" + item.id;
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-label", "Footnote " + numberOf(ref));
    pop.tabIndex = -1;
    cloneContent(item, pop);
    var close = element("button", "footnote-close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Close footnote " + numberOf(ref));
    close.addEventListener("click", function () { closePopover(true); });
    pop.insertBefore(close, pop.firstChild);
    pop.addEventListener("keydown", function (event) {
      if (event.key === "Escape") closePopover(true);
    });
    var block = ref.closest("p, h1, h2, h3, h4, h5, h6");
    if (block) block.after(pop);
    else (ref.closest("li, td, th, dd, dt, blockquote") || body).appendChild(pop);
    ref.setAttribute("aria-expanded", "true");
    ref.setAttribute("aria-controls", pop.id);
    open = { ref: ref, el: pop };
    pop.focus();
  }

  function closePopover(returnFocus) {
    var was = open;
    open = null;
    was.el.remove();
    was.ref.setAttribute("aria-expanded", "false");
    was.ref.removeAttribute("aria-controls");
    if (returnFocus) was.ref.focus();
  }

  layout();
  window.addEventListener("resize", layout);
  window.addEventListener("load", layout);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(layout);
})();
