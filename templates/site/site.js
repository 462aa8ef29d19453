// rulekit site: the language links keep the current rule, term tooltips close
// with Escape, the contents fold away on a phone, and the search lists every
// matching rule (Pagefind's own UI shows at most three places per page).
"use strict";

// On a narrow screen the contents start folded, above the rules.
const contents = document.querySelector("details.toc");
if (contents && matchMedia("(max-width: 63.99rem)").matches) contents.open = false;

// Switching language lands on the same #rule: every page anchors rules by id.
function keepFragment() {
  for (const link of document.querySelectorAll(".languages a")) {
    link.dataset.page ??= link.getAttribute("href");
    link.setAttribute("href", link.dataset.page + location.hash);
  }
}
keepFragment();
addEventListener("hashchange", keepFragment);

// Escape hides a term's tooltip until pointer and focus leave the term (WCAG 1.4.13).
addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const term of document.querySelectorAll(".term:hover, .term:focus")) {
    term.classList.add("dismissed");
  }
});
for (const term of document.querySelectorAll(".term")) {
  const show = () => term.classList.remove("dismissed");
  term.addEventListener("mouseleave", show);
  term.addEventListener("blur", show);
  term.addEventListener("mouseenter", () => place(term));
  term.addEventListener("focus", () => place(term));
}

// A tooltip that would leave the viewport on the right opens to the left instead.
function place(term) {
  term.classList.remove("flip");
  const tip = term.querySelector(".tip");
  if (tip.getBoundingClientRect().right > document.documentElement.clientWidth) {
    term.classList.add("flip");
  }
}

const EXCERPT_WORDS = 24;
const form = document.querySelector("form.search");
const results = document.getElementById("search-results");

// Pagefind loads its index with fetch, which file:// pages cannot do.
if (form && results && location.protocol !== "file:") {
  const input = form.querySelector("input");
  const status = results.querySelector(".search-status");
  const list = results.querySelector(".search-list");
  let pagefind = null;
  let timer = 0;
  form.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => search(input.value.trim()), 150);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      input.value = "";
      search("");
    }
  });

  async function search(query) {
    if (!query) {
      status.textContent = "";
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    pagefind ??= await import(new URL(form.dataset.bundle + "pagefind.js", location.href).href);
    // A query typed with accents means them: French "dés" (dice) is not "des" (of the).
    // Typed without, it finds words with or without them: Polish "zeton" finds "żeton".
    await pagefind.options({ exactDiacritics: /[^\u0000-\u007f]/.test(query) });
    const found = await pagefind.search(query);
    const loaded = await Promise.all(found.results.map((result) => result.data()));
    if (input.value.trim() !== query) return; // a newer query is on its way
    // Rules first, then the glossary; Pagefind's ranking within each.
    const rank = (page) => (page.meta.kind === "rules" ? 0 : 1);
    const pages = loaded.map((page, order) => ({ page, order }))
      .sort((a, b) => rank(a.page) - rank(b.page) || a.order - b.order)
      .slice(0, 10)
      .map(({ page }) => page);
    status.textContent = pages.length
      ? `${results.dataset.found} ${found.results.length}`
      : results.dataset.none;
    list.replaceChildren(...pages.map(pageItem));
    list.hidden = !pages.length;
  }
}

// One result page: its title, then a link to every rule (or term) the query hits.
function pageItem(page) {
  const item = document.createElement("li");
  item.append(link(page.url, page.meta.title));
  const places = document.createElement("ul");
  for (const place of hits(page)) {
    const entry = document.createElement("li");
    entry.append(link(place.url, place.excerpt));
    places.append(entry);
  }
  item.append(places);
  return item;
}

// Pagefind records every element with an id and where it starts (in words); a
// hit belongs to the last rule, section or term entry starting before it (a
// term's tooltip, left out of the index, is no place to land on).
const PLACES = new Set(["p", "section", "div"]);
function hits(page) {
  const words = page.content.split(/[\r\n\s]+/g);
  const anchors = page.anchors
    .filter((a) => a.id && PLACES.has(a.element))
    .sort((a, b) => a.location - b.location);
  const groups = new Map();
  for (const location of [...page.locations].sort((a, b) => a - b)) {
    const anchor = anchors.findLast((a) => a.location <= location);
    const key = anchor ? anchor.id : "";
    if (!groups.has(key)) groups.set(key, { anchor, locations: [] });
    groups.get(key).locations.push(location);
  }
  return [...groups.values()].map(({ anchor, locations }) => {
    const start = anchor ? anchor.location : 0;
    const next = anchors.find((a) => a.location > start);
    const end = next ? next.location : words.length;
    const from = Math.max(start, Math.min(locations[0] - 6, end - EXCERPT_WORDS));
    return {
      url: anchor ? `${page.url}#${anchor.id}` : page.url,
      excerpt: excerpt(words, from, Math.min(end, from + EXCERPT_WORDS), locations, start, end),
    };
  });
}

// Words from..to as text nodes, hits in <mark>: built as DOM, never parsed as HTML.
function excerpt(words, from, to, locations, start, end) {
  const fragment = document.createDocumentFragment();
  if (from > start) fragment.append("… ");
  for (let index = from; index < to; index += 1) {
    if (index > from) fragment.append(" ");
    if (locations.includes(index)) {
      const mark = document.createElement("mark");
      mark.textContent = words[index];
      fragment.append(mark);
    } else {
      fragment.append(words[index]);
    }
  }
  if (to < end) fragment.append(" …");
  return fragment;
}

function link(href, content) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.append(content);
  return anchor;
}
