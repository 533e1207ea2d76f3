/* notebase header: loaded blocking in <head> (no inline script), so that the colour theme chosen
   earlier is on <html data-theme> before the first paint, and `js` on <html> tells the stylesheet
   that the header's buttons work. Once the page is parsed it wires the theme toggle (system ->
   light -> dark, remembered in localStorage) and the menu button of narrow screens. */
(function () {
  "use strict";
  var KEY = "notebase-theme";
  var CHOICES = ["system", "light", "dark"];
  var html = document.documentElement;

  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return CHOICES.indexOf(value) > 0 ? value : "system";
    } catch (e) {
      return "system"; // storage refused (a privacy setting): follow the system
    }
  }

  function apply(choice) {
    if (choice === "system") html.removeAttribute("data-theme");
    else html.setAttribute("data-theme", choice);
    html.setAttribute("data-theme-choice", choice);
  }

  apply(stored());
  html.classList.add("js");

  function remember(choice) {
    try {
      if (choice === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch (e) { /* the choice lasts for this page only */ }
  }

  function wireToggle(button) {
    var label = button.querySelector(".theme-label");
    function show(choice) {
      var next = CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];
      label.textContent = "Colour theme: " + choice + " (switch to " + next + ")";
      button.title = "Theme: " + choice;
    }
    show(stored());
    button.addEventListener("click", function () {
      var choice = CHOICES[(CHOICES.indexOf(html.getAttribute("data-theme-choice")) + 1) % CHOICES.length];
      apply(choice);
      remember(choice);
      show(choice);
    });
  }

  function wireMenu(button) {
    var nav = document.getElementById(button.getAttribute("aria-controls"));
    function set(open) {
      button.setAttribute("aria-expanded", String(open));
      html.classList.toggle("menu-open", open);
    }
    button.addEventListener("click", function () {
      set(button.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        set(false);
        button.focus();
      }
    });
    if (nav) nav.addEventListener("click", function (event) {
      if (event.target.closest("a")) set(false);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.querySelector(".theme-toggle");
    var menu = document.querySelector(".menu-button");
    if (toggle) wireToggle(toggle);
    if (menu) wireMenu(menu);
  });
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) apply(stored());
  });
})();
