// pnpgen studio: renders /api/state, follows /events (live reload), shows one card, prints, simulates.
// Plain DOM code, no build step. Text from the specs is always set with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
// The server's per-run secret: every order (POST) carries it, so only this page can give orders.
const TOKEN = document.querySelector('meta[name="pnpgen-token"]').content;
let state = null;
let current = null;            // id of the card in the card view
const selected = new Set();    // cards picked for printing / simulating

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c instanceof Node ? c : String(c));
  return node;
}

function shown(card) {
  const q = $("search").value.trim().toLowerCase();
  const type = $("type-filter").value;
  if (type && card.type !== type) return false;
  if ($("findings-only").checked && card.findings.length === 0) return false;
  if (q && !(card.name + " " + card.id + " " + (card.text || "")).toLowerCase().includes(q)) return false;
  return true;
}

function plural(n, one, many) { return `${n} ${n === 1 ? one : (many || one + "s")}`; }

function render(next) {
  state = next;
  document.title = `${next.title || next.name} — pnpgen studio`;
  $("title").textContent = next.title || next.name;
  const err = $("error");
  err.hidden = !next.error;
  err.textContent = next.error ? `error: ${next.error} — showing the last good cards` : "";
  const copies = next.cards.reduce((n, c) => n + c.copies, 0);
  $("status").textContent = `${plural(next.cards.length, "card")}, ${plural(copies, "copy", "copies")} · reloaded in ${next.seconds}s`;
  renderTypes();
  renderCards();
  renderFindings();
  $("simulate-panel").hidden = !next.can_simulate;
  for (const id of [...selected]) if (!next.cards.some((c) => c.id === id)) selected.delete(id);
  $("selected-count").textContent = selected.size;
  if (current) showCard(current, false);
  document.body.dataset.version = next.version;
}

function renderTypes() {
  const sel = $("type-filter");
  const keep = sel.value;
  sel.replaceChildren(el("option", { value: "" }, "All types"),
    ...state.types.map((t) => el("option", { value: t.id }, `${t.name} (${t.cards})`)));
  sel.value = state.types.some((t) => t.id === keep) ? keep : "";
}

function renderCards() {
  const box = $("cards");
  const groups = [];
  for (const t of state.types) {
    const cards = state.cards.filter((c) => c.type === t.id && shown(c));
    if (!cards.length) continue;
    groups.push(el("div", { class: "group", dataset: { type: t.id } },
      el("h2", {}, t.name, " ", el("small", {}, `${plural(t.cards, "card")} · ${plural(t.copies, "copy", "copies")}`)),
      el("div", { class: "grid" }, ...cards.map(cardTile))));
  }
  if (!groups.length) groups.push(el("p", { class: "meta" }, state.cards.length ? "No card matches." : "No cards yet."));
  box.replaceChildren(...groups);
}

function cardTile(c) {
  const worst = c.findings.some((i) => state.findings[i].severity === "error") ? "badge error" : "badge";
  const pick = el("input", { type: "checkbox", class: "pick", title: "select for print", onclick: (e) => {
    e.stopPropagation();
    e.target.checked ? selected.add(c.id) : selected.delete(c.id);
    $("selected-count").textContent = selected.size;
  } });
  pick.checked = selected.has(c.id);
  const img = c.thumb ? el("img", { class: "card-thumb", src: c.thumb, alt: c.name, loading: "lazy" })
                      : el("div", { class: "noimg" }, "no size for this card type");
  return el("figure", { class: "card" + (c.id === current ? " current" : ""), id: "card-" + c.id,
                        dataset: { card: c.id }, onclick: () => showCard(c.id, true) },
    pick, img,
    el("div", { class: "name", title: c.name }, c.name),
    el("div", { class: "copies" }, `×${c.copies} · ${c.id}`),
    c.findings.length ? el("span", { class: worst, title: "findings" }, c.findings.length) : null);
}

function renderFindings() {
  $("findings-count").textContent = state.findings.length ? `(${state.findings.length})` : "(none)";
  $("findings").replaceChildren(...state.findings.map(findingItem));
}

function findingItem(f) {
  return el("li", { class: `finding ${f.severity}`, id: "finding-" + f.index, dataset: { index: f.index, card: f.card || "" },
                    title: f.fix ? "fix: " + f.fix : "", onclick: () => gotoFinding(f) },
    el("span", { class: "where" }, f.where), " ", f.card ? el("b", {}, f.card) : null, f.field ? ` ${f.field}` : "",
    el("br"), `${f.severity} ${f.code}: ${f.message}`, f.fix ? el("div", { class: "meta" }, "fix: " + f.fix) : null);
}

function gotoFinding(f) {
  document.querySelectorAll(".finding.current").forEach((n) => n.classList.remove("current"));
  const item = $("finding-" + f.index);
  if (item) item.classList.add("current");
  if (!f.card) return;
  const card = state.cards.find((c) => c.id === f.card);
  if (card && !shown(card)) { $("search").value = ""; $("type-filter").value = ""; $("findings-only").checked = false; renderCards(); }
  showCard(f.card, true);
  const tile = $("card-" + f.card);
  if (tile) {
    tile.scrollIntoView({ block: "center" });
    tile.classList.remove("flash"); void tile.offsetWidth; tile.classList.add("flash");
  }
}

async function showCard(id, navigate) {
  current = id;
  if (navigate) history.replaceState(null, "", "#card=" + encodeURIComponent(id));
  document.querySelectorAll(".card.current").forEach((n) => n.classList.remove("current"));
  const tile = $("card-" + id);
  if (tile) tile.classList.add("current");
  const res = await fetch("/api/card/" + encodeURIComponent(id));
  if (!res.ok) { $("card-view").hidden = true; return; }
  const c = await res.json();
  if (current !== id) return;
  const view = $("card-view");
  view.hidden = false;
  view.dataset.card = c.id;
  $("cv-name").textContent = c.name;
  $("cv-type").textContent = c.type;
  $("cv-copies").textContent = `×${c.copies}`;
  $("cv-source").textContent = c.source;
  if (c.href) $("cv-source").href = c.href; else $("cv-source").removeAttribute("href");
  $("cv-front").src = `/api/card/${encodeURIComponent(c.id)}/front.png?k=${c.key}`;
  $("cv-back").src = `/api/card/${encodeURIComponent(c.id)}/back.png?k=${c.key}`;
  $("cv-findings").replaceChildren(...c.findings.map((f) => {
    const li = findingItem(f);
    li.onclick = () => { const item = $("finding-" + f.index); if (item) { item.scrollIntoView({ block: "nearest" }); item.classList.add("current"); } };
    return li;
  }));
  $("cv-fields").replaceChildren(...Object.entries(c.fields).map(([k, v]) =>
    el("tr", {}, el("td", { title: c.field_locations[k] || "" }, k),
       el("td", {}, typeof v === "string" ? v : JSON.stringify(v)))));
  $("cv-effects-box").hidden = !c.effects.length;
  $("cv-effects").replaceChildren(...c.effects.map((e) =>
    el("div", {}, el("p", { class: "meta" }, `${e.field}: ${e.text}`), el("div", { class: "tree" }, tree(e.parsed)))));
  $("cv-odds-box").hidden = !c.odds;
  if (c.odds) { $("cv-odds-zone").textContent = `vs ${c.odds.zone}`; $("cv-odds").textContent = c.odds.text; }
}

function tree(value, key) {
  const label = key != null ? el("span", { class: "meta" }, key + ": ") : null;
  if (value === null || typeof value !== "object") return el("li", {}, label, JSON.stringify(value));
  const items = Array.isArray(value) ? value.map((v, i) => tree(v, i)) : Object.entries(value).map(([k, v]) => tree(v, k));
  const list = el("ul", {}, ...items);
  return key == null ? list : el("li", {}, label, list);
}

function picked() { return selected.size ? [...selected] : null; }

function post(url, body) {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-Pnpgen-Token": TOKEN },
                      body: JSON.stringify(body) });
}

async function buildPdf() {
  $("print-status").textContent = "building…";
  $("print-links").replaceChildren();
  const body = { cards: picked(), paper: $("paper").value, bleed: Number($("bleed").value),
                 duplex: $("duplex").value, gutterfold: $("gutterfold").checked };
  const res = await post("/api/print", body);
  const data = await res.json();
  if (!res.ok) { $("print-status").textContent = "error: " + data.error; return; }
  $("print-status").textContent = `built ${data.files.length} PDF${data.files.length === 1 ? "" : "s"}`;
  const links = data.files.map((url) => el("a", { href: url, download: url.split("/").pop(), class: "pdf-link" }, url.split("/").pop()));
  $("print-links").replaceChildren(...links.flatMap((a) => [a, el("br")]));
  if (links.length) links[0].click();
}

async function simulate() {
  const body = { cards: picked(), players: Number($("sim-players").value), games: Number($("sim-games").value) };
  const res = await post("/api/simulate", body);
  const data = await res.json();
  if (!res.ok) { $("sim-status").textContent = "error: " + data.error; return; }
  $("simulate-btn").disabled = true;
  $("sim-result").hidden = true;
  $("sim-plots").replaceChildren();
  const bar = $("sim-progress");
  bar.hidden = false;
  for (;;) {
    const job = await (await fetch("/api/jobs/" + data.job)).json();
    bar.max = job.total || 1; bar.value = job.done;
    $("sim-status").textContent = job.state === "running" ? `${job.label}: ${job.done}/${job.total} games` : job.state;
    if (job.state !== "running") {
      $("simulate-btn").disabled = false;
      if (job.error) $("sim-status").textContent = "failed: " + job.error;
      if (job.text) { $("sim-result").hidden = false; $("sim-result").textContent = job.text; }
      $("sim-plots").replaceChildren(...job.plots.map((p) => {
        const [side, name] = p.split("/").slice(-2);
        return el("figure", {}, el("figcaption", { class: "meta" }, `${side} the expansion: ${name.replace(".png", "")}`),
                  el("img", { src: p, alt: `${side} ${name}` }));
      }));
      break;
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

function listen() {
  const source = new EventSource("/events");
  source.addEventListener("state", (e) => render(JSON.parse(e.data)));
  source.onopen = () => $("live").classList.add("on");
  source.onerror = () => $("live").classList.remove("on");
}

window.addEventListener("DOMContentLoaded", async () => {
  for (const id of ["search", "type-filter", "findings-only"]) $(id).addEventListener("input", renderCards);
  $("cv-close").onclick = () => { current = null; $("card-view").hidden = true; history.replaceState(null, "", "#"); renderCards(); };
  $("print-btn").onclick = buildPdf;
  $("simulate-btn").onclick = simulate;
  $("select-visible").onclick = () => { state.cards.filter(shown).forEach((c) => selected.add(c.id)); renderCards(); $("selected-count").textContent = selected.size; };
  $("select-none").onclick = () => { selected.clear(); renderCards(); $("selected-count").textContent = 0; };
  const m = location.hash.match(/^#card=(.+)$/);
  if (m) current = decodeURIComponent(m[1]);
  render(await (await fetch("/api/state")).json());
  listen();
});
