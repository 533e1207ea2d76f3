/* notebase link previews: hovering or focusing a link to an entry shows its title, kind and tl;dr.
   The entries (assets/entries.js) are loaded on first use (notebase.loadEntries), so this works
   from file:// as well as over http. Links to anything but an entry get no preview. */
(function () {
  "use strict";
  var TIP_ID = "nb-preview";
  var HOVER_DELAY = 200;
  var HIDE_DELAY = 150;
  var element = window.notebase.element;
  var root = new URL(window.notebase.root || "./", location.href);
  var byUrl = null;
  var tip = null;
  var current = null;
  var pending = null;
  var showTimer = 0;
  var hideTimer = 0;

  /* The site-relative url ("papers/muon/") a link points at, or null when it leaves the site. */
  function siteUrl(link) {
    var href = link.getAttribute("href") || "";
    if (link.closest("dialog")) return null; // search results show their own tl;dr
    if (!href || href.charAt(0) === "#" || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) return null;
    var target = new URL(href, location.href);
    target.hash = "";
    target.search = "";
    var here = new URL(location.href);
    here.hash = "";
    here.search = "";
    if (target.href === here.href || target.href.indexOf(root.href) !== 0) return null;
    var rel = target.href.slice(root.href.length).replace(/(^|\/)index\.html$/, "$1");
    try {
      return decodeURI(rel);
    } catch (e) {
      return rel;
    }
  }

  /* The entry at a site-relative url (or undefined), to `callback` once the entries are loaded;
     never when they cannot load. */
  function withEntry(url, callback) {
    window.notebase.loadEntries().then(function (entries) {
      if (!byUrl) {
        byUrl = {};
        entries.forEach(function (e) { byUrl[e.url] = e; });
      }
      callback(byUrl[url]);
    }, function () {});
  }

  function fillTip(entry) {
    if (!tip) {
      tip = element("div", "preview");
      tip.id = TIP_ID;
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      (document.querySelector("main") || document.body).appendChild(tip);
    }
    var meta = element("p", "preview-meta");
    meta.appendChild(element("span", "kind-badge", entry.kind));
    if (entry.year) meta.appendChild(document.createTextNode(" " + entry.year));
    tip.replaceChildren(meta, element("p", "preview-title", entry.title));
    if (entry.tldr) tip.appendChild(element("p", "preview-tldr", entry.tldr));
  }

  /* Below the link (above it when there is no room), always inside the viewport. */
  function placeTip(link) {
    var rect = link.getClientRects()[0] || link.getBoundingClientRect();
    var margin = 8;
    tip.style.left = "0px";
    tip.style.top = "0px";
    tip.hidden = false;
    var width = tip.offsetWidth;
    var height = tip.offsetHeight;
    var viewWidth = document.documentElement.clientWidth;
    var left = Math.max(margin, Math.min(rect.left, viewWidth - width - margin));
    var top = rect.bottom + 6;
    if (top + height > window.innerHeight - margin && rect.top - height - 6 > margin) {
      top = rect.top - height - 6;
    }
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    var url = siteUrl(link);
    if (url === null) return;
    withEntry(url, function (entry) {
      if (!entry || pending !== link) return;
      hide();
      fillTip(entry);
      placeTip(link);
      current = link;
      var described = link.getAttribute("aria-describedby");
      link.setAttribute("data-nb-describedby", described || "");
      link.setAttribute("aria-describedby", described ? described + " " + TIP_ID : TIP_ID);
    });
  }

  function hide() {
    clearTimeout(hideTimer);
    if (tip) tip.hidden = true;
    if (!current) return;
    var described = current.getAttribute("data-nb-describedby");
    current.removeAttribute("data-nb-describedby");
    if (described) current.setAttribute("aria-describedby", described);
    else current.removeAttribute("aria-describedby");
    current = null;
  }

  function linkOf(node) {
    return node && node.closest ? node.closest("a[href]") : null;
  }

  function inside(node, container) {
    return !!(node && container && container.contains(node));
  }

  document.addEventListener("mouseover", function (event) {
    if (inside(event.target, tip)) return clearTimeout(hideTimer);
    var link = linkOf(event.target);
    if (!link) return;
    if (link === current) return clearTimeout(hideTimer);
    pending = link;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(link); }, HOVER_DELAY);
  });

  document.addEventListener("mouseout", function (event) {
    var from = inside(event.target, tip) ? tip : linkOf(event.target);
    if (!from || inside(event.relatedTarget, from)) return;
    if (from === pending) pending = null;
    clearTimeout(showTimer);
    if (inside(event.relatedTarget, tip) || inside(event.relatedTarget, current)) return;
    if (current && document.activeElement !== current) {
      clearTimeout(hideTimer);
      hideTimer = setTimeout(hide, HIDE_DELAY);
    }
  });

  document.addEventListener("focusin", function (event) {
    var link = linkOf(event.target);
    if (!link || link === current) return;
    clearTimeout(showTimer);
    pending = link;
    show(link);
  });

  document.addEventListener("focusout", function (event) {
    if (event.target === pending) pending = null;
    if (event.target === current) hide();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && current) {
      pending = null;
      hide();
    }
  });

  window.addEventListener("resize", function () {
    if (current) placeTip(current);
  });
})();
