// pnpgen studio: renders /api/state, follows /events (live reload), shows one card as a form that
// edits it (preview before saving, save, duplicate, delete, art upload, undo), prints, simulates.
// Plain DOM code, no build step. Text from the specs is always set with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
// The server's per-run secret: every order (POST) carries it, so only this page can give orders.
const TOKEN = document.querySelector('meta[name="pnpgen-token"]').content;
let state = null;              // the model: /api/state, then patched by each delta from /events
let current = null;            // id of the card in the card view
const selected = new Set();    // cards picked for printing / simulating
const byId = new Map();        // card id -> its entry in state.cards
const findingByKey = new Map();
const thumbSize = new Map();   // card type -> [width, height] of its thumbnails
let grid = null;               // the card grid (grid.js)

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

// Work on the page, timed on the Performance API: "<name>" the script and the layout it forces,
// "<name>:painted" until the next frame has been drawn (bench/serve.py reads both).
function timed(name, work) {
  const start = performance.now();
  work();
  performance.measure(name, { start, end: performance.now() });
  requestAnimationFrame(() => setTimeout(() => performance.measure(name + ":painted", { start, end: performance.now() })));
}

function indexState() {
  byId.clear();
  for (const c of state.cards) byId.set(c.id, c);
  findingByKey.clear();
  for (const f of state.findings) findingByKey.set(f.key, f);
  thumbSize.clear();
  for (const t of state.types) thumbSize.set(t.id, t.thumb || []);
}

// A whole model (the first one, or after the page lost the thread of the deltas).
function render(next) {
  if (state && next.run === state.run && next.version <= state.version) return;   // not newer than shown
  timed("studio:render", () => {
    state = next;
    indexState();
    renderHeader();
    renderTypes();
    renderNewTypes();
    renderCards();
    renderFindings();
    for (const id of [...selected]) if (!byId.has(id)) selected.delete(id);
    $("selected-count").textContent = selected.size;
  });
  if (current) showCard(current, false);
}

// A delta (pnpgen/serve/delta.py): the changed top-level values and splices of the cards and findings.
function applyDelta(d) {
  if (!state || d.version <= state.version) return;        // already shown
  if (d.from !== state.version) { resync(); return; }      // a delta was missed: fetch the whole model
  const changed = new Set();
  timed("studio:delta", () => {
    const next = { ...state, ...d.set };
    for (const k of d.unset || []) delete next[k];
    next.cards = spliced(state.cards, d.cards);
    next.findings = spliced(state.findings, d.findings);
    for (const [, , items] of d.cards) for (const c of items) changed.add(c.id);
    state = next;
    indexState();
    renderHeader();
    if ("types" in d.set) renderTypes();
    if ("card_types" in d.set) renderNewTypes();
    renderCards();       // only the tiles of changed cards are drawn again
    if (d.findings.length) renderFindings();
    for (const id of [...selected]) if (!byId.has(id)) selected.delete(id);
    $("selected-count").textContent = selected.size;
  });
  if (current && (changed.has(current) || d.findings.length)) showCard(current, false);
}

function spliced(list, ops) {
  const out = list.slice();
  for (let k = ops.length - 1; k >= 0; k--) { const [at, end, items] = ops[k]; out.splice(at, end - at, ...items); }
  return out;
}

async function resync() {
  const res = await fetch("/api/state");
  if (res.ok) render(await res.json());
}

function renderHeader() {
  document.title = `${state.title || state.name} — pnpgen studio`;
  $("title").textContent = state.title || state.name;
  const err = $("error");
  err.hidden = !state.error;
  err.textContent = state.error ? `error: ${state.error} — showing the last good cards` : "";
  const copies = state.cards.reduce((n, c) => n + c.copies, 0);
  $("status").textContent = `${plural(state.cards.length, "card")}, ${plural(copies, "copy", "copies")} · reloaded in ${state.seconds}s`;
  if (state.checking) $("status").textContent += " · checking the edit…";
  $("simulate-panel").hidden = !state.can_simulate;
  document.body.dataset.version = state.version;
}

function renderTypes() {
  const sel = $("type-filter");
  const keep = sel.value;
  sel.replaceChildren(el("option", { value: "" }, "All types"),
    ...state.types.map((t) => el("option", { value: t.id }, `${t.name} (${t.cards})`)));
  sel.value = state.types.some((t) => t.id === keep) ? keep : "";
}

function renderNewTypes() {
  const sel = $("new-type");
  const keep = sel.value;
  const types = Object.entries(state.card_types || {});
  sel.replaceChildren(...types.map(([id, name]) => el("option", { value: id }, name)));
  if (types.some(([id]) => id === keep)) sel.value = keep;
}

// The groups of the cards the filters let through; the grid draws only the tiles in view.
function renderCards() {
  const byType = new Map(state.types.map((t) => [t.id, []]));
  for (const c of state.cards) if (byType.has(c.type) && shown(c)) byType.get(c.type).push(c);
  const groups = [];
  for (const t of state.types) {
    const cards = byType.get(t.id);
    if (!cards.length) continue;
    groups.push({ id: t.id, thumb: t.thumb || [], cards,
                  head: el("h2", {}, t.name, " ", el("small", {}, `${plural(t.cards, "card")} · ${plural(t.copies, "copy", "copies")}`)) });
  }
  grid.show(groups, el("p", { class: "meta" }, state.cards.length ? "No card matches." : "No cards yet."));
}

// A tile; its image is requested (data-src -> src) only when the grid draws it.
function cardTile(c) {
  const worst = c.findings.some((k) => (findingByKey.get(k) || {}).severity === "error") ? "badge error" : "badge";
  const pick = el("input", { type: "checkbox", class: "pick", title: "select for print", "aria-label": `select ${c.name} for print`, onclick: (e) => {
    e.stopPropagation();
    e.target.checked ? selected.add(c.id) : selected.delete(c.id);
    $("selected-count").textContent = selected.size;
  } });
  pick.checked = selected.has(c.id);
  const [w, h] = thumbSize.get(c.type) || [];
  const img = c.thumb ? el("img", { class: "card-thumb", "data-src": c.thumb, alt: c.name, width: w, height: h })
                      : el("div", { class: "noimg" }, "no size for this card type");
  return el("figure", { class: "card" + (c.id === current ? " current" : ""), id: "card-" + c.id, tabindex: "0",
                        role: "button", "aria-label": `${c.name}, open the card`, "aria-keyshortcuts": "ArrowLeft ArrowRight ArrowUp ArrowDown Home End",
                        dataset: { card: c.id }, onclick: () => showCard(c.id, true), onkeydown: activate(() => showCard(c.id, true)) },
    pick, img,
    el("div", { class: "name", title: c.name }, c.name),
    el("div", { class: "copies" }, `×${c.copies} · ${c.id}`),
    c.findings.length ? el("span", { class: worst, title: "findings" }, c.findings.length) : null);
}

function syncPicks() {
  for (const box of $("cards").querySelectorAll(".pick")) box.checked = selected.has(box.closest(".card").dataset.card);
  $("selected-count").textContent = selected.size;
}

// The findings list; an item whose finding is unchanged (same key: same content) is kept.
let findingNodes = new Map();
function renderFindings() {
  $("findings-count").textContent = state.findings.length ? `(${state.findings.length})` : "(none)";
  const nodes = state.findings.map((f) => findingNodes.get(f.key) || findingItem(f));
  findingNodes = new Map(state.findings.map((f, i) => [f.key, nodes[i]]));
  const list = $("findings");
  if (nodes.length !== list.children.length || nodes.some((n, i) => list.children[i] !== n)) list.replaceChildren(...nodes);
}

// Enter or Space on a focused element acts as a click (tiles and findings are not buttons).
function activate(action) {
  return (e) => {
    if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    action();
  };
}

function findingItem(f, action) {
  const go = action || (() => gotoFinding(f));
  return el("li", { class: `finding ${f.severity}`, id: "finding-" + f.key, dataset: { key: f.key, card: f.card || "", field: f.field || "" },
                    title: f.fix ? "fix: " + f.fix : "", tabindex: "0", onclick: go, onkeydown: activate(go) },
    el("span", { class: "where" }, f.where), " ", f.card ? el("b", {}, f.card) : null, f.field ? ` ${f.field}` : "",
    el("br"), `${f.severity} ${f.code}: ${f.message}`, f.fix ? el("div", { class: "meta" }, "fix: " + f.fix) : null);
}

function gotoFinding(f) {
  document.querySelectorAll(".finding.current").forEach((n) => n.classList.remove("current"));
  const item = $("finding-" + f.key);
  if (item) item.classList.add("current");
  if (!f.card) return;
  const card = byId.get(f.card);
  if (card && !shown(card)) { $("search").value = ""; $("type-filter").value = ""; $("findings-only").checked = false; renderCards(); }
  showCard(f.card, true, f.field);
  const tile = grid.reveal(f.card);
  if (tile) {
    tile.scrollIntoView({ block: "center" });
    tile.classList.remove("flash"); void tile.offsetWidth; tile.classList.add("flash");
  }
}

let view = null;               // the card in the card view: { data, initial values, preview timer }

async function showCard(id, navigate, focusField) {
  const changedCard = current !== id;
  current = id;
  if (navigate) history.replaceState(null, "", "#card=" + encodeURIComponent(id));
  document.querySelectorAll(".card.current").forEach((n) => n.classList.remove("current"));
  const tile = grid.node(id);
  if (tile) tile.classList.add("current");
  const res = await fetch("/api/card/" + encodeURIComponent(id));
  if (!res.ok) { $("card-view").hidden = true; return; }
  const c = await res.json();
  if (current !== id) return;
  const box = $("card-view");
  box.hidden = false;
  box.dataset.card = c.id;
  $("cv-name").textContent = c.name;
  $("cv-type").textContent = c.type;
  $("cv-copies").textContent = `×${c.copies}`;
  $("cv-source").textContent = c.source;
  if (c.href) $("cv-source").href = c.href; else $("cv-source").removeAttribute("href");
  // A reload while the form holds unsaved values keeps them (and their preview); the version and
  // the saved values move on, so Save still says 409 when the file changed under them.
  const keep = !changedCard && !navigate && view && view.data.id === c.id && dirty();
  if (!keep) {
    $("cv-front").src = `/api/card/${encodeURIComponent(c.id)}/front.png?k=${c.key}`;
    $("cv-preview-note").hidden = true;
  }
  $("cv-back").src = `/api/card/${encodeURIComponent(c.id)}/back.png?k=${c.key}`;
  if (!keep) showFindings(c.findings);
  if (keep) { view.data = c; }
  else buildForm(c, !changedCard);
  $("cv-effects-box").hidden = !c.effects.length;
  $("cv-effects").replaceChildren(...c.effects.map((e) =>
    el("div", {}, el("p", { class: "meta" }, `${e.field}: ${e.text}`), el("div", { class: "tree" }, tree(e.parsed)))));
  $("cv-odds-box").hidden = !c.odds;
  if (c.odds) { $("cv-odds-zone").textContent = `vs ${c.odds.zone}`; $("cv-odds").textContent = c.odds.text; }
  if (focusField) focusOn(focusField);
}

// The card's findings; each names its field, which it focuses in the form.
function showFindings(findings) {
  $("cv-findings").replaceChildren(...(findings.length ? findings.map((f) => {
    const go = () => { if (f.field && focusOn(f.field)) return;
                       const item = $("finding-" + f.key); if (item) { item.scrollIntoView({ block: "nearest" }); item.classList.add("current"); } };
    const li = findingItem(f, go);
    if (f.field) li.append(el("div", { class: "meta goto" }, `→ edit ${f.field}`));
    return li;
  }) : [el("li", { class: "meta" }, "none")]));
}

function focusOn(field) {
  const control = $("f-" + field);
  if (!control) return false;
  control.scrollIntoView({ block: "center" });
  control.focus();
  return true;
}

// -- the form ----------------------------------------------------------------------------------
const BASE_FIELDS = [{ name: "name", type: "text", required: true, line: true },
                     { name: "copies", type: "int", required: true, min: 0 }];

function fieldsOf(c) { return [...BASE_FIELDS, ...c.form]; }

function savedValue(c, name) {
  if (name === "name") return c.title;
  if (name === "copies") return c.copies;
  return c.fields[name] === undefined ? null : c.fields[name];
}

function buildForm(c, sameCard) {
  const controls = fieldsOf(c).map((f) => control(f, savedValue(c, f.name)));
  $("cv-fields").replaceChildren(...controls);
  const ro = Boolean(c.readonly);
  $("cv-readonly").hidden = !ro;
  $("cv-readonly").textContent = ro ? `Read only: ${c.readonly}` : "";
  for (const node of $("cv-form").querySelectorAll("input, textarea, select, button")) node.disabled = ro;
  if (!sameCard) { $("cv-status").textContent = ""; $("cv-status").classList.remove("bad"); }
  view = { data: c, timer: null, initial: null };
  view.initial = JSON.stringify(formValues());
}

function control(f, value) {
  const id = "f-" + f.name;
  const hint = [f.type, f.required ? "required" : "", f.min != null || f.max != null ? `${f.min ?? ""}–${f.max ?? ""}` : "",
                f.description || ""].filter(Boolean).join(" · ");
  let input;
  if (f.type === "enum" || f.type === "bool") {
    const options = f.type === "bool" ? [["true", "yes"], ["false", "no"]] : f.values.map((v) => [v, v]);
    input = el("select", { id }, el("option", { value: "" }, "(unknown)"), ...options.map(([v, t]) => el("option", { value: v }, t)));
    input.value = value == null ? "" : String(value);
  } else if (f.type === "text" && !f.line) {
    input = el("textarea", { id, rows: String(Math.min(8, Math.max(2, String(value ?? "").split("\n").length + 1))), "aria-describedby": "markup-help" });
    input.value = value ?? "";
  } else if (f.type === "list") {
    input = el("textarea", { id, rows: String(Math.max(2, (value || []).length + 1)), title: "one item per line" });
    input.value = (value || []).join("\n");
  } else if (f.type === "image") {
    return imageControl(f, value, hint);
  } else {
    const numeric = f.type === "int" || f.type === "number";
    input = el("input", { id, type: "text", inputmode: numeric ? (f.type === "int" ? "numeric" : "decimal") : "text" });
    input.value = value ?? "";
  }
  input.dataset.field = f.name;
  input.dataset.type = f.type;
  input.addEventListener("input", changed);
  return el("div", { class: "field" }, el("label", { for: id }, f.name, " ", el("small", {}, hint)), input);
}

function imageControl(f, value, hint) {
  const id = "f-" + f.name;
  const select = el("select", { id }, el("option", { value: "" }, "(none)"));
  select.dataset.field = f.name;
  select.dataset.type = f.type;
  fillArt(select, value);
  select.addEventListener("input", changed);
  const upload = el("input", { type: "file", id: id + "-upload", accept: "image/png,image/jpeg,image/webp,image/svg+xml" });
  upload.addEventListener("change", () => { if (upload.files[0]) uploadArt(upload.files[0], select); });
  const zone = el("div", { class: "field drop" },
    el("label", { for: id }, f.name, " ", el("small", {}, hint + " · pick from art/ or drop a picture here")), select,
    el("label", { for: id + "-upload", class: "meta" }, "Upload a picture to art/ "), upload);
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault(); zone.classList.remove("over");
    if (e.dataTransfer.files[0]) uploadArt(e.dataTransfer.files[0], select);
  });
  return zone;
}

let artList = null;
async function fillArt(select, value) {
  if (!artList) artList = (await (await fetch("/api/art")).json()).art;
  const names = [...new Set([...(value ? [value] : []), ...artList])].sort();
  select.replaceChildren(el("option", { value: "" }, "(none)"), ...names.map((n) => el("option", { value: n }, n)));
  select.value = value || "";
  if (view && select.dataset.field && view.initial && !dirty()) view.initial = JSON.stringify(formValues());
}

async function uploadArt(file, select) {
  const body = await file.arrayBuffer();
  let url = "/api/art?name=" + encodeURIComponent(file.name);
  let res = await send("POST", url, body, "application/octet-stream");
  let data = await res.json();
  if (res.status === 409 && data.exists && confirm(`${data.exists} exists. Replace it?`)) {
    res = await send("POST", url + "&overwrite=1", body, "application/octet-stream");
    data = await res.json();
  }
  if (!res.ok) { say(`upload refused: ${data.error}`); return; }
  artList = null;
  await fillArt(select, data.path);
  select.value = data.path;
  say(`saved ${data.path}`);
  changed();
}

// The form's values, typed as the card file holds them; a number that does not read as one is
// sent as written, so the server answers with the loader's message.
function formValues() {
  const out = {};
  for (const node of $("cv-fields").querySelectorAll("[data-field]")) {
    const v = node.value;
    const t = node.dataset.type;
    let value;
    if (t === "list") value = v.split("\n").map((x) => x.trim()).filter(Boolean);
    else if (v === "") value = null;
    else if (t === "int") value = /^[+-]?\d+$/.test(v.trim()) ? Number(v) : v;
    else if (t === "number") value = v.trim() !== "" && !isNaN(Number(v)) ? Number(v) : v;
    else if (t === "bool") value = v === "true";
    else value = v;
    out[node.dataset.field] = value;
  }
  return out;
}

function dirty() { return view && view.initial !== null && JSON.stringify(formValues()) !== view.initial; }

function changed() {
  $("cv-status").textContent = dirty() ? "unsaved changes" : "";
  clearTimeout(view.timer);
  view.timer = setTimeout(preview, 250);
}

// The card drawn from the form's values, nothing written; its findings replace the saved ones.
async function preview() {
  const id = view.data.id;
  if (!dirty()) {
    $("cv-front").src = `/api/card/${encodeURIComponent(id)}/front.png?k=${view.data.key}`;
    $("cv-preview-note").hidden = true;
    showFindings(view.data.findings);
    return;
  }
  const sent = JSON.stringify(formValues());
  const res = await send("POST", "/api/preview/" + encodeURIComponent(id), { fields: formValues() });
  const data = await res.json();
  if (!view || view.data.id !== id || JSON.stringify(formValues()) !== sent) return;   // typed on meanwhile
  if (!res.ok) { problem(data.error); return; }
  $("cv-status").textContent = "unsaved changes";
  $("cv-status").classList.remove("bad");
  if (data.image) $("cv-front").src = data.image;
  $("cv-preview-note").hidden = false;
  showFindings(data.findings);
}

// A refused value: the message, and the field it names focused on request.
function problem(message) {
  const status = $("cv-status");
  const m = /'([A-Za-z0-9_]+)' (must|cannot)|field '([A-Za-z0-9_]+)'/.exec(message || "");
  const field = m && (m[1] || m[3]);
  status.replaceChildren(`error: ${message} `, field && $("f-" + field)
    ? el("button", { type: "button", onclick: () => focusOn(field) }, `go to ${field}`) : "");
  status.classList.add("bad");
}

async function save(e) {
  e.preventDefault();
  const c = view.data;
  if (!dirty()) { say("nothing to save"); return; }
  const res = await send("PATCH", "/api/cards/" + encodeURIComponent(c.id), { fields: formValues(), version: c.version });
  const data = await res.json();
  if (res.status === 409) {
    problem(data.error);
    $("cv-status").append(el("button", { type: "button", onclick: () => showCard(c.id, true) }, "reload the card"));
    return;
  }
  if (!res.ok) { problem(data.error); return; }
  $("cv-status").classList.remove("bad");
  view.initial = JSON.stringify(formValues());
  say(data.changed.length ? `saved ${data.changed.join(", ")} to ${c.source.replace(/:\d+$/, "")}` : "nothing changed");
  await showCard(c.id, true);
  $("cv-status").textContent = "saved";
}

async function duplicate() {
  const res = await send("POST", "/api/cards", { duplicate: view.data.id });
  const data = await res.json();
  if (!res.ok) { problem(data.error); return; }
  say(`added ${data.id} to ${data.file}`);
  await showCard(data.id, true);
}

async function addCard() {
  const res = await send("POST", "/api/cards", { type: $("new-type").value });
  const data = await res.json();
  if (!res.ok) { say(`error: ${data.error}`); return; }
  say(`added ${data.id} to ${data.file}`);
  await showCard(data.id, true, "name");
}

async function remove() {
  const c = view.data;
  if (!confirm(`Delete ${c.name} from ${c.source}? (Undo last change puts it back.)`)) return;
  const res = await send("DELETE", "/api/cards/" + encodeURIComponent(c.id), { version: c.version });
  const data = await res.json();
  if (!res.ok) { problem(data.error); return; }
  say(`deleted ${data.deleted} from ${data.file}`);
  closeCard();
}

async function undo() {
  const res = await send("POST", "/api/undo", {});
  const data = await res.json();
  say(res.ok ? `undone: ${data.undone} (${data.file})` : `cannot undo: ${data.error}`);
  if (res.ok && current) showCard(current, true);
}

function say(text) { $("notice").textContent = text; }

function closeCard() {
  current = null; view = null;
  $("card-view").hidden = true;
  history.replaceState(null, "", "#");
  document.querySelectorAll(".card.current").forEach((n) => n.classList.remove("current"));
}

function tree(value, key) {
  const label = key != null ? el("span", { class: "meta" }, key + ": ") : null;
  if (value === null || typeof value !== "object") return el("li", {}, label, JSON.stringify(value));
  const items = Array.isArray(value) ? value.map((v, i) => tree(v, i)) : Object.entries(value).map(([k, v]) => tree(v, k));
  const list = el("ul", {}, ...items);
  return key == null ? list : el("li", {}, label, list);
}

function picked() { return selected.size ? [...selected] : null; }

function post(url, body) { return send("POST", url, body); }

// Every order carries the page's token; JSON unless a raw body (a picture) is given.
function send(method, url, body, type) {
  const raw = type !== undefined;
  return fetch(url, { method, headers: { "Content-Type": raw ? type : "application/json", "X-Pnpgen-Token": TOKEN },
                      body: raw ? body : JSON.stringify(body) });
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

// The changes after the version the page has: deltas (or a whole model when the server cannot
// give one). A lost stream is opened again from the version shown then.
function listen() {
  const source = new EventSource(`/events?since=${state.version}&run=${encodeURIComponent(state.run)}`);
  source.addEventListener("state", (e) => render(JSON.parse(e.data)));
  source.addEventListener("delta", (e) => applyDelta(JSON.parse(e.data)));
  source.onopen = () => $("live").classList.add("on");
  source.onerror = () => {
    $("live").classList.remove("on");
    source.close();
    setTimeout(() => resync().then(listen, () => setTimeout(listen, 2000)), 1000);
  };
}

window.addEventListener("DOMContentLoaded", async () => {
  grid = new CardGrid($("cards"), cardTile);
  for (const id of ["search", "type-filter", "findings-only"]) $(id).addEventListener("input", renderCards);
  $("cv-close").onclick = closeCard;
  $("cv-form").addEventListener("submit", save);
  $("cv-form").addEventListener("keydown", (e) => { if ((e.ctrlKey || e.metaKey) && e.key === "s") save(e); });
  $("cv-revert").onclick = () => { if (view) { buildForm(view.data); preview(); } };
  $("cv-duplicate").onclick = duplicate;
  $("cv-delete").onclick = remove;
  $("new-card").onclick = addCard;
  $("undo").onclick = undo;
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && current && !dirty()) closeCard(); });
  $("print-btn").onclick = buildPdf;
  $("simulate-btn").onclick = simulate;
  $("select-visible").onclick = () => { state.cards.filter(shown).forEach((c) => selected.add(c.id)); syncPicks(); };
  $("select-none").onclick = () => { selected.clear(); syncPicks(); };
  const m = location.hash.match(/^#card=(.+)$/);
  if (m) current = decodeURIComponent(m[1]);
  render(await (await fetch("/api/state")).json());
  listen();
});
