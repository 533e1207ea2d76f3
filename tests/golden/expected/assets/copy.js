/* notebase: a "Copy" button for each <pre data-copy>. Without JS the text stays selectable. */
(function () {
  "use strict";
  var element = window.notebase.element;

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
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
    var bar = element("p", "copy-bar");
    var button = element("button", "copy-button", "Copy");
    button.type = "button";
    var status = element("span", "copy-status");
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

  document.querySelectorAll("pre[data-copy]").forEach(addButton);
})();
