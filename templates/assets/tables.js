/* notebase: sortable, filterable tables. Enhances complete HTML tables; without JS they stay as built.
 * <table data-sortable>: each column header becomes a button that sorts the rows (aria-sort says how).
 * <div data-filters="tag kind year status"> around tables: one labelled <select> per attribute whose
 * rows (data-tag="a b", data-kind=…) hold two values or more; rows not matching every filter hide.
 * Rows are table rows or any element marked data-filter-row (the quotes); a [data-filter-group]
 * hides when every row in it does. */
(function () {
  "use strict";
  var LABELS = { tag: "Tag", kind: "Kind", year: "Year", status: "Status", source: "Source", author: "Author" };
  var STATUS_ORDER = ["to-read", "reading", "read"];
  var element = window.notebase.element;

  function cellKey(row, column) {
    var cell = row.cells[column];
    if (!cell) return "";
    var value = cell.getAttribute("data-sort");
    return (value === null ? cell.textContent : value).trim().toLowerCase();
  }

  function compareKeys(a, b) {
    var x = Number(a), y = Number(b);
    if (a !== "" && b !== "" && !isNaN(x) && !isNaN(y)) return x - y;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /* Each row's key is read once, not at every comparison. */
  function sortRows(table, column, descending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.map.call(body.rows, function (row) {
      return { row: row, key: cellKey(row, column), order: Number(row.getAttribute("data-order")) };
    });
    rows.sort(function (r1, r2) {
      var a = r1.key, b = r2.key;
      if ((a === "") !== (b === "")) return a === "" ? 1 : -1; // empty cells last either way
      var order = compareKeys(a, b) * (descending ? -1 : 1);
      return order || r1.order - r2.order;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
  }

  function makeSortable(table) {
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row, i) {
      row.setAttribute("data-order", String(i));
    });
    headers.forEach(function (th, column) {
      var button = element("button", "sort-button");
      button.type = "button";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () {
        var descending = th.getAttribute("aria-sort") === "ascending";
        headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        sortRows(table, column, descending);
      });
    });
  }

  function rowValues(row, name) {
    var raw = row.getAttribute("data-" + name);
    if (!raw) return [];
    return name === "tag" ? raw.split(" ").filter(Boolean) : [raw];
  }

  function orderValues(name, values) {
    if (name === "year") return values.sort(function (a, b) { return Number(b) - Number(a); });
    if (name === "status") {
      return values.sort(function (a, b) { return STATUS_ORDER.indexOf(a) - STATUS_ORDER.indexOf(b); });
    }
    return values.sort();
  }

  function makeSelect(box, name, values, serial) {
    var id = "filter-" + serial + "-" + name;
    var label = element("label", "", LABELS[name] || name);
    label.setAttribute("for", id);
    var select = element("select");
    select.id = id;
    select.setAttribute("data-filter", name);
    select.appendChild(new Option("All", ""));
    values.forEach(function (value) { select.appendChild(new Option(value, value)); });
    var field = element("span", "filter-field");
    field.appendChild(label);
    field.appendChild(select);
    box.appendChild(field);
    return select;
  }

  function makeFilters(scope, serial) {
    var rows = Array.prototype.slice.call(scope.querySelectorAll("tbody tr, [data-filter-row]"));
    var groups = scope.querySelectorAll("[data-filter-group]");
    var box = element("div", "table-filters");
    box.setAttribute("role", "search");
    box.setAttribute("aria-label", scope.querySelector("table") ? "Filter the table" : "Filter the list");
    var selects = [];
    scope.getAttribute("data-filters").split(" ").filter(Boolean).forEach(function (name) {
      var seen = {};
      rows.forEach(function (row) {
        rowValues(row, name).forEach(function (v) { seen[v] = true; });
      });
      var values = orderValues(name, Object.keys(seen));
      if (values.length > 1) selects.push(makeSelect(box, name, values, serial));
    });
    if (!selects.length) return;
    var status = element("p", "filter-status counts");
    status.setAttribute("aria-live", "polite");
    box.appendChild(status);
    scope.insertBefore(box, scope.firstChild);
    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var match = selects.every(function (select) {
          var wanted = select.value;
          return !wanted || rowValues(row, select.getAttribute("data-filter")).indexOf(wanted) >= 0;
        });
        row.hidden = !match;
        shown += match ? 1 : 0;
      });
      groups.forEach(function (group) {
        group.hidden = !group.querySelector("[data-filter-row]:not([hidden])");
      });
      status.textContent = shown === rows.length ? "" : shown + " of " + rows.length + " shown";
    }
    selects.forEach(function (select) { select.addEventListener("change", apply); });
  }

  document.querySelectorAll("table[data-sortable]").forEach(makeSortable);
  document.querySelectorAll("[data-filters]").forEach(makeFilters);
})();
