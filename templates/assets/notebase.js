/* notebase: what the theme's scripts share, as window.notebase. A classic script (Chromium refuses
   module imports from file://), loaded (deferred) before the others on every page. */
window.notebase = (() => {
  "use strict";
  const html = document.documentElement;
  const root = html.dataset.root || ""; // this page's path to the site root: "../../"
  const indexFile = html.dataset.indexFile || ""; // "index.html" unless the site has directory URLs
  let entries = null;

  /* a site-relative URL ("papers/muon/") as a link from this page */
  const href = (url) => root + url + (url === "" || url.endsWith("/") ? indexFile : "");

  /* a new element with a class and a text (text, never HTML) */
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /* window.NOTEBASE_ENTRIES, from assets/entries.js: a <script> element inserted on first use
     (works from file://, unlike fetch), once for every script of the page */
  function loadEntries() {
    if (window.NOTEBASE_ENTRIES) return Promise.resolve(window.NOTEBASE_ENTRIES);
    entries = entries || new Promise((resolve, reject) => {
      const script = element("script");
      script.src = `${root}assets/entries.js`;
      script.onload = () => resolve(window.NOTEBASE_ENTRIES || []);
      script.onerror = reject;
      document.head.append(script);
    });
    return entries;
  }

  return { root, href, element, loadEntries };
})();

/* a long entry's table of contents: folded on a phone, open where there is room for it */
document.querySelectorAll(".toc details").forEach((details) => {
  if (window.matchMedia("(min-width: 75em)").matches) details.open = true;
});
