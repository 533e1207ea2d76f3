/* notebase search: a dialog on every page (`/`, Ctrl-K / Cmd-K or the header's Search button)
   shows results as you type; search/ shows them as a page with an address of its own.
   Served over http(s), results come from Pagefind's full-text index (pagefind/, built with the site,
   in shards merged here).
   Opened from disk (file://, where Pagefind cannot fetch its index) or without an index, they come
   from assets/entries.js: titles, aliases, tags and tl;drs. Both show title, kind and tl;dr. */
(() => {
  "use strict";
  const { root, href, element, loadEntries } = window.notebase;
  const FILTERS = ["kind", "tag", "year", "status"];
  const LIMIT = 30; // results shown
  const QUOTE_WORDS = 40; // words of a quote shown around its matches

  /* ---- engine 1: Pagefind's index ---- */
  /* The index is in shards (pagefind/s00/, …; pagefind/shards.json names them), each a Pagefind
     bundle of its own: the first is loaded and the others merged into it. */
  async function pagefindEngine() {
    const base = new URL(`${root}pagefind/`, location.href).href;
    const response = await fetch(`${base}shards.json`);
    if (!response.ok) throw new Error(`no search index (${response.status})`);
    const [first, ...others] = (await response.json()).shards;
    const pagefind = await import(`${base}${first}/pagefind.js`);
    await pagefind.init();
    await Promise.all(others.map((name) => pagefind.mergeIndex(`${base}${name}/`, { baseUrl: "/" })));
    return {
      note: "",
      filters: () => pagefind.filters(),
      search: async (query, filters) => {
        const found = await pagefind.search(query || null, { filters });
        const lower = (query || "").toLowerCase();
        const terms = new Set(lower.split(/\s+/).filter(Boolean)).size;
        const words = [...new Set(wordsOf(lower))];
        const pages = await (others.length && words.length
          ? closePages(found.results, words)
          : Promise.all(found.results.slice(0, LIMIT).map((r) => r.data())));
        const results = pages.flatMap((page) => pageResults(page, terms));
        return results.filter((r) => r.kind !== "quote").concat(results.filter((r) => r.kind === "quote"));
      },
    };
  }

  /* A word of the query that one shard does not hold is searched there as its longest prefix the
     shard holds (what Pagefind does in an index without the word): "convex" finds "controls" in
     shards where no page says "convex". One index of the whole site does that only when no page
     has the word; so a result is kept when each word of the query reaches as far into one of its
     matched words as the best match of any result does, or as the word less a common ending
     (which Pagefind's stemming drops: "optimizers" finds "optimization"). */
  const ENDING = /(i?z?ations?|iz(er|ed|es|ing)s?|ers?|ings?|ness|ments?|ity|ive|al|ed|es|ly|s)$/;
  const wordsOf = (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

  /* the close matches among the best results, read LIMIT at a time (Pagefind reads more at once
     far slower), and no more than BATCHES times */
  const BATCHES = 4;
  async function closePages(results, words) {
    let pages = [];
    let kept = [];
    for (let at = 0; at < Math.min(results.length, BATCHES * LIMIT) && kept.length < LIMIT; at += LIMIT) {
      pages = pages.concat(await Promise.all(results.slice(at, at + LIMIT).map((r) => r.data())));
      kept = closeMatches(pages, words);
    }
    return kept.slice(0, LIMIT);
  }

  function closeMatches(pages, terms) {
    const reach = pages.map((page) => {
      const words = page.content.toLowerCase().split(/\s+/);
      const matched = page.locations.flatMap((at) => wordsOf(words[at] || "")); // second-order: 2
      return terms.map((term) => Math.max(0, ...matched.map((word) => sharedLength(word, term))));
    });
    const needed = terms.map((term, i) =>
      Math.min(term.replace(ENDING, "").length, Math.max(0, ...reach.map((found) => found[i]))),
    );
    return pages.filter((page, p) => !page.locations.length || reach[p].every((n, i) => n >= needed[i]));
  }

  function sharedLength(word, term) {
    let n = 0;
    while (n < word.length && n < term.length && word[n] === term[n]) n++;
    return n;
  }

  function pageResults(page, terms) {
    const url = page.url.replace(/^\//, "");
    if ((page.filters.kind || []).includes("quote")) return quoteResults(page, url, terms);
    const { title = url, kind = "", tldr = "" } = page.meta;
    return [{ url, title, kind, tldr, excerptHtml: page.excerpt }];
  }

  /* The quotes page is one page to Pagefind; each quote (a <figure id>) with at least as many
     matching words as the query has terms becomes a result of its own, most matches first. It is
     titled by its entry (the <h2> of its group) and its attribution (the <cite id="…-by">). */
  function quoteResults(page, url, terms) {
    const words = page.content.split(/\s+/);
    const anchors = page.anchors.slice().sort((a, b) => a.location - b.location);
    const bounds = anchors.filter((a) => a.element === "figure" || a.element === "h2");
    const texts = Object.fromEntries(anchors.map((a) => [a.id, a.text]));
    let entry = "";
    const found = [];
    bounds.forEach((anchor, i) => {
      if (anchor.element === "h2") {
        entry = anchor.text;
        return;
      }
      const end = i + 1 < bounds.length ? bounds[i + 1].location : words.length;
      const hits = page.locations.filter((at) => at >= anchor.location && at < end);
      if (hits.length < Math.max(terms, 1)) return;
      const start = Math.max(anchor.location, hits[0] - QUOTE_WORDS / 2);
      const shown = words.slice(start, Math.min(end, start + QUOTE_WORDS));
      const marked = new Set(hits.map((at) => at - start));
      let by = texts[`${anchor.id}-by`];
      if (by && entry && by.endsWith(`, ${entry}`)) by = by.slice(0, -entry.length - 2); // named once
      const title = [entry, by].filter(Boolean).join(" — ") || "Quote";
      found.push({ url, hash: `#${anchor.id}`, title, kind: "quote", words: shown, marked, hits });
    });
    return found.sort((a, b) => b.hits.length - a.hits.length);
  }

  /* ---- engine 2: assets/entries.js ---- */
  const valuesOf = (entry, name) => [].concat(entry[name === "tag" ? "tags" : name] || []);

  async function entriesEngine() {
    const entries = await loadEntries();
    const prepared = searchable(entries);
    const disk = location.protocol === "file:" ? "Opened from disk: " : "";
    return {
      note: `${disk}searching titles, aliases, tags and tl;drs.`,
      filters: () => {
        const counts = Object.fromEntries(FILTERS.map((name) => [name, {}]));
        for (const entry of entries) {
          for (const name of FILTERS) for (const value of valuesOf(entry, name)) counts[name][value] = 1;
        }
        return counts;
      },
      search: (query, filters) => matchEntries(prepared, query, filters),
    };
  }

  /* each entry with its searched fields lowercased, once rather than at every keystroke */
  function searchable(entries) {
    return entries.map((entry) => {
      const fields = [entry.title, entry.aliases.join(" "), entry.tags.join(" "), entry.tldr];
      return { entry, lower: fields.map((text) => text.toLowerCase()) };
    });
  }

  /* every word of the query must occur in the title, an alias, a tag or the tl;dr (best first) */
  function matchEntries(prepared, query, filters) {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    const scored = [];
    for (const { entry, lower } of prepared) {
      if (!Object.entries(filters).every(([name, value]) => valuesOf(entry, name).includes(value))) continue;
      let score = 0;
      for (const term of terms) {
        const where = lower.findIndex((text) => text.includes(term));
        score = where < 0 || score < 0 ? -1 : score + lower.length - where;
      }
      if (score >= 0) scored.push([score, entry]);
    }
    scored.sort((a, b) => b[0] - a[0] || a[1].title.localeCompare(b[1].title));
    return scored.slice(0, LIMIT).map(([, e]) => ({ url: e.url, title: e.title, kind: e.kind, tldr: e.tldr }));
  }

  /* the engine, loaded once for the page on first use */
  let engine = null;
  function getEngine() {
    const full = document.documentElement.hasAttribute("data-pagefind") && location.protocol !== "file:";
    engine = engine || (full ? pagefindEngine().catch(entriesEngine) : entriesEngine());
    return engine;
  }

  /* ---- showing results ---- */
  function renderResult(result, heading) {
    const item = element("li", `card search-result kind-${result.kind}`);
    const meta = element("p", "card-meta");
    meta.append(element("span", "kind-badge", result.kind));
    const title = element(heading, "card-title");
    const link = element("a", "", result.title);
    link.href = href(result.url) + (result.hash || "");
    title.append(link);
    item.append(meta, title);
    if (result.tldr) item.append(element("p", "card-tldr", result.tldr));
    if (result.excerptHtml) {
      const excerpt = element("p", "search-excerpt");
      excerpt.innerHTML = result.excerptHtml; // Pagefind escapes the text and adds only <mark>
      item.append(excerpt);
    }
    if (result.words) item.append(renderWords(result.words, result.marked));
    return item;
  }

  function renderWords(words, marked) {
    const excerpt = element("blockquote", "search-excerpt quote");
    words.forEach((word, i) => {
      excerpt.append(marked.has(i) ? element("mark", "", word) : word, " ");
    });
    return excerpt;
  }

  /* A search box with its filter <select>s, result list and status line (the page's or the
     dialog's). `shown(chosen)` is told of each search whose results are on screen. */
  function searchUI({ box, form, list, status, heading, shown }) {
    const selects = FILTERS.map((name) => form.querySelector(`select[name="${name}"]`));
    let latest = 0;
    let timer = 0;
    let filling = null; // the filters' values, once asked for (fillFilters)
    let asked = new URLSearchParams(); // the search the page was opened with (start)

    function chosen() {
      const filters = {};
      FILTERS.forEach((name, i) => {
        if (selects[i].value) filters[name] = selects[i].value;
      });
      return filters;
    }

    async function run() {
      const ticket = ++latest;
      const query = box.value.trim();
      const filters = chosen();
      const search = new URLSearchParams({ q: query, ...filters });
      if (list.dataset.shown === String(search)) return; // (a newer search still in flight is void)
      const current = await getEngine();
      if (ticket !== latest) return; // a newer search has started
      if (!query && !Object.keys(filters).length) {
        list.replaceChildren();
        list.dataset.shown = search;
        status.textContent = current.note || "Type to search.";
        shown(search);
        return;
      }
      const results = await current.search(query, filters);
      if (ticket !== latest) return; // a newer search has started
      list.replaceChildren(...results.map((r) => renderResult(r, heading)));
      list.dataset.shown = search; // the search these results answer
      const count = results.length === 1 ? "1 result" : `${results.length} results`;
      status.textContent = `${count}${query ? ` for “${query}”` : ""}. ${current.note}`.trim();
      shown(search);
      fillSoon();
    }

    function runSoon() {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    }

    /* The filters' values are read from every shard (a few files each): done when the address
       chooses one, else once the first search has shown its results or the reader reaches for a
       filter, so that those reads never hold up the first search. */
    function fillFilters() {
      filling ||= getEngine()
        .then((current) => current.filters())
        .then((counts) => {
          FILTERS.forEach((name, i) => {
            const options = Object.keys(counts[name] || {}).filter(Boolean).sort();
            if (name === "year") options.reverse();
            for (const value of options) selects[i].append(new Option(value, value));
            selects[i].value = asked.get(name) || "";
          });
        });
      return filling;
    }
    const fillSoon = () => fillFilters().catch(() => {}); // without them, the filters offer "any" only

    async function start(values) {
      asked = values;
      status.textContent = "Loading the search index…";
      await getEngine();
      box.addEventListener("input", runSoon);
      for (const select of selects) {
        select.addEventListener("change", run);
        for (const reach of ["pointerdown", "focus", "keydown"]) select.addEventListener(reach, fillSoon);
      }
      form.addEventListener("submit", (event) => event.preventDefault());
      if (FILTERS.some((name) => values.get(name))) await fillFilters(); // a failure: start's
      await run();
    }

    return { run, start };
  }

  const failed = (status) => () => {
    status.textContent = "Search could not load. Browse by tags, categories, papers or quotes instead.";
  };

  /* ---- the search page ---- */
  function searchPage(panel, box) {
    panel.hidden = false;
    const status = document.getElementById("search-status");
    const params = new URLSearchParams(location.search);
    box.value = params.get("q") || "";
    const ui = searchUI({
      box,
      form: panel.querySelector(".search-filters"),
      list: document.getElementById("search-results"),
      status,
      heading: "h2",
      shown: (search) => history.replaceState(null, "", `?${search}`),
    });
    box.form.addEventListener("submit", (event) => {
      event.preventDefault();
      ui.run();
    });
    ui.start(params).catch(failed(status));
  }

  /* ---- the dialog ---- */
  function searchDialog(dialog) {
    const box = dialog.querySelector("input[type=search]");
    const list = dialog.querySelector(".search-dialog-results");
    const status = dialog.querySelector("[role=status]");
    const all = dialog.querySelector(".search-dialog-all");
    const page = all.getAttribute("href");
    let opener = null;
    let started = null;
    const ui = searchUI({
      box,
      form: dialog.querySelector(".search-filters"),
      list,
      status,
      heading: "h2",
      shown: (search) => all.setAttribute("href", `${page}?${search}`),
    });

    function open() {
      if (dialog.open) return;
      opener = document.activeElement;
      dialog.showModal();
      box.focus();
      box.select();
      started = started || ui.start(new URLSearchParams()).catch(failed(status));
    }

    /* the box, then each result's link: what the arrow keys move between */
    const stops = () => [box, ...list.querySelectorAll(".card-title a")];

    function onKey(event) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const items = stops();
        const at = items.indexOf(document.activeElement);
        if (at < 0) return; // in a filter <select>: the arrows choose its value
        event.preventDefault();
        const next = Math.min(Math.max(at + (event.key === "ArrowDown" ? 1 : -1), 0), items.length - 1);
        items[next].focus();
      } else if (event.key === "Enter" && event.target === box) {
        event.preventDefault();
        const first = list.querySelector(".card-title a");
        if (first) first.click();
      } else if (event.key === "Escape") {
        event.preventDefault(); // in the box, Escape would only clear it
        dialog.close();
      } else if (event.key === "Tab") {
        trapTab(event);
      } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && event.target.matches(".card-title a")) {
        box.focus(); // typing on a result goes on in the box
      }
    }

    /* Tab and Shift-Tab go round the dialog's controls, never out of it */
    function trapTab(event) {
      const controls = [...dialog.querySelectorAll("input, select, button, a[href]")].filter(
        (el) => el.offsetParent !== null,
      );
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }

    dialog.addEventListener("keydown", onKey);
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // the backdrop
      else if (event.target.closest("a[href]")) dialog.close(); // a link on this very page
    });
    dialog.querySelector(".search-dialog-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      if (opener && opener !== document.body && opener.isConnected && opener.focus) opener.focus();
      else if (dialog.contains(document.activeElement)) document.activeElement.blur();
      opener = null;
    });
    return open;
  }

  /* ---- wiring ---- */
  const box = document.getElementById("search-box");
  const panel = document.getElementById("search");
  const dialog = document.getElementById("search-dialog");
  let open = null;
  if (panel && box) searchPage(panel, box);
  else if (dialog && typeof dialog.showModal === "function") {
    open = searchDialog(dialog);
    for (const button of document.querySelectorAll(".search-button")) button.addEventListener("click", open);
  }

  document.addEventListener("keydown", (event) => {
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
    const k = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey;
    if (!slash && !k) return;
    const target = event.target;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (slash && typing) return;
    if (dialog && dialog.open) return;
    event.preventDefault();
    if (open) open();
    else if (box) box.focus();
  });
})();
