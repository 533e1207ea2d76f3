/* notebase search: "/" focuses the header's search box on every page; search/ shows the results.
   Served over http(s), results come from Pagefind's full-text index (pagefind/, built with the site).
   Opened from disk (file://, where Pagefind cannot fetch its index) or without an index, they come
   from assets/entries.js: titles, aliases, tags and tl;drs. Both show title, kind and tl;dr. */
(() => {
  "use strict";
  const { root, href, element, loadEntries } = window.notebase;
  const box = document.getElementById("search-box");
  const FILTERS = ["kind", "tag", "year", "status"];
  const LIMIT = 30; // results shown
  const QUOTE_WORDS = 40; // words of a quote shown around its matches

  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || !box) return;
    const target = event.target;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    event.preventDefault();
    box.focus();
  });

  const panel = document.getElementById("search");
  if (!panel || !box) return; // not the search page
  panel.hidden = false;
  const status = document.getElementById("search-status");
  const list = document.getElementById("search-results");
  const selects = FILTERS.map((name) => panel.querySelector(`select[name="${name}"]`));
  const params = new URLSearchParams(location.search);
  box.value = params.get("q") || "";

  /* ---- engine 1: Pagefind's index ---- */
  async function pagefindEngine() {
    const url = new URL(`${root}pagefind/pagefind.js`, location.href).href;
    const pagefind = await import(url);
    await pagefind.init();
    return {
      note: "",
      filters: () => pagefind.filters(),
      search: async (query, filters) => {
        const found = await pagefind.search(query || null, { filters });
        const pages = await Promise.all(found.results.slice(0, LIMIT).map((r) => r.data()));
        const terms = new Set((query || "").toLowerCase().split(/\s+/).filter(Boolean)).size;
        const results = pages.flatMap((page) => pageResults(page, terms));
        return results.filter((r) => r.kind !== "quote").concat(results.filter((r) => r.kind === "quote"));
      },
    };
  }

  function pageResults(page, terms) {
    const url = page.url.replace(/^\//, "");
    if ((page.filters.kind || []).includes("quote")) return quoteResults(page, url, terms);
    const { title = url, kind = "", tldr = "" } = page.meta;
    return [{ url, title, kind, tldr, excerptHtml: page.excerpt }];
  }

  /* The quotes page is one page to Pagefind; each quote (a <figure id>) with at least as many
     matching words as the query has terms becomes a result of its own, most matches first. */
  function quoteResults(page, url, terms) {
    const words = page.content.split(/\s+/);
    const figures = page.anchors.filter((a) => a.element === "figure");
    return figures.flatMap((figure, i) => {
      const end = i + 1 < figures.length ? figures[i + 1].location : words.length;
      const hits = page.locations.filter((at) => at >= figure.location && at < end);
      if (hits.length < Math.max(terms, 1)) return [];
      const start = Math.max(figure.location, hits[0] - QUOTE_WORDS / 2);
      const shown = words.slice(start, Math.min(end, start + QUOTE_WORDS));
      const marked = new Set(hits.map((at) => at - start));
      return [{ url, hash: `#${figure.id}`, title: "Quote", kind: "quote", words: shown, marked, hits }];
    }).sort((a, b) => b.hits.length - a.hits.length);
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

  /* ---- showing results ---- */
  function renderResult(result) {
    const item = element("li", `card search-result kind-${result.kind}`);
    const meta = element("p", "card-meta");
    meta.append(element("span", "kind-badge", result.kind));
    const title = element("h2", "card-title");
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

  function fillFilters(values) {
    FILTERS.forEach((name, i) => {
      const options = Object.keys(values[name] || {}).filter(Boolean).sort();
      if (name === "year") options.reverse();
      for (const value of options) selects[i].append(new Option(value, value));
      selects[i].value = params.get(name) || "";
    });
  }

  let engine = null;
  let latest = 0;

  async function run() {
    const ticket = ++latest;
    const query = box.value.trim();
    const filters = {};
    FILTERS.forEach((name, i) => {
      if (selects[i].value) filters[name] = selects[i].value;
    });
    const chosen = new URLSearchParams({ q: query, ...filters });
    history.replaceState(null, "", `?${chosen}`);
    if (!query && !Object.keys(filters).length) {
      list.replaceChildren();
      list.dataset.shown = chosen;
      status.textContent = engine.note || "Type to search.";
      return;
    }
    const results = await engine.search(query, filters);
    if (ticket !== latest) return; // a newer search has started
    list.replaceChildren(...results.map(renderResult));
    list.dataset.shown = chosen; // the search these results answer
    const count = results.length === 1 ? "1 result" : `${results.length} results`;
    status.textContent = `${count}${query ? ` for “${query}”` : ""}. ${engine.note}`.trim();
  }

  let timer = 0;
  const runSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 150);
  };

  async function start() {
    status.textContent = "Loading the search index…";
    const full = document.documentElement.hasAttribute("data-pagefind") && location.protocol !== "file:";
    engine = full ? await pagefindEngine().catch(entriesEngine) : await entriesEngine();
    fillFilters(await engine.filters());
    box.addEventListener("input", runSoon);
    box.form.addEventListener("submit", (event) => {
      event.preventDefault();
      run();
    });
    for (const select of selects) select.addEventListener("change", run);
    panel.querySelector(".search-filters").addEventListener("submit", (event) => event.preventDefault());
    await run();
  }

  start().catch(() => {
    status.textContent = "Search could not load. Browse by tags, categories, papers or quotes instead.";
  });
})();
