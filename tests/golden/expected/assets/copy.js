/* notebase: a "Copy" button for each <pre data-copy>. Without JS the text stays selectable. */
(function () {
  "use strict";

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function copyFallback(pre) {
    selectText(pre);
    try {
      return document.execCommand("copy");
    } catch (e) {
      return false;
    }
  }

  function addButton(pre) {
    var bar = document.createElement("p");
    bar.className = "copy-bar";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = "Copy";
    var status = document.createElement("span");
    status.className = "copy-status";
    status.setAttribute("role", "status");
    bar.appendChild(button);
    bar.appendChild(status);
    pre.parentNode.insertBefore(bar, pre);
    function report(ok) {
      status.textContent = ok ? "Copied" : "Selected: press Ctrl+C (⌘C) to copy";
    }
    button.addEventListener("click", function () {
      var text = pre.textContent;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(
          function () { report(true); },
          function () { report(copyFallback(pre)); }
        );
      } else {
        report(copyFallback(pre));
      }
    });
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("pre[data-copy]"), addButton);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
