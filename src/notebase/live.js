// notebase serve: reload this page when it changes (or a style or script every page uses does);
// show build (or search index) errors in an overlay.
(function () {
  "use strict";
  var me = document.currentScript;
  var pageSite = Number(me && me.dataset.site) || 0;
  var OVERLAY = "notebase-overlay";
  // the overlay's colours in either theme (contrast 13:1)
  var BACKGROUND = "#2b0d0d";
  var TEXT = "#ffd7d7";

  function hideOverlay() {
    var old = document.getElementById(OVERLAY);
    if (old) old.remove();
  }

  function showOverlay(failed, lines) {
    hideOverlay();
    var box = document.createElement("div");
    box.id = OVERLAY;
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;" +
      "margin:0;padding:1em 1.5em;background:" + BACKGROUND + ";color:" + TEXT + ";" +
      "font:14px/1.5 ui-monospace,monospace;border-top:4px solid #e5484d";
    var title = document.createElement("strong");
    title.style.cssText = "color:" + TEXT;
    title.textContent =
      failed === "build"
        ? "notebase: the build failed; showing the last good site"
        : "notebase: the search index failed; search uses the last good index";
    var pre = document.createElement("pre");
    // its own colours: a theme's `pre` (a light background in light mode) must not show through
    pre.style.cssText =
      "white-space:pre-wrap;margin:.5em 0 0;padding:0;border:0;border-radius:0;" +
      "background:" + BACKGROUND + ";color:" + TEXT + ";font:inherit";
    pre.textContent = lines.join("\n");
    box.appendChild(title);
    box.appendChild(pre);
    document.body.appendChild(box);
  }

  function onState(state) {
    if (!state.ok) {
      showOverlay(state.failed, state.diagnostics);
    } else if (state.site > pageSite) {
      location.reload();
    } else {
      hideOverlay();
    }
  }

  // told the version of this page: a save that leaves it as it was reloads no tab showing it
  var source = new EventSource(
    "/__notebase/events?page=" + encodeURIComponent(location.pathname)
  );
  source.onmessage = function (event) {
    onState(JSON.parse(event.data));
  };
})();
