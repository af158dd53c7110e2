// pnpgen studio: the card grid, virtualised. A 2,000-card game gets DOM nodes, and image requests,
// only for the tiles near the viewport: every tile of a card type has the same size (its type's
// thumbnail size), so each group's height and each tile's place are computed, not laid out.
// Arrow keys, Home and End move between the cards, the one landed on drawn and focused.
"use strict";

const GRID_GAP = 12;        // px between tiles (as .grid's gap was)
const GRID_MARGIN = 0.75;   // screens drawn above and below the viewport, so scrolling shows tiles at once

class CardGrid {
  // box: the element holding the groups; tile(card): a new tile element, its <img> with data-src.
  constructor(box, tile) {
    this.box = box;
    this.tile = tile;
    this.groups = [];
    this.index = new Map();      // card id -> [group index, index in the group]
    this.nodes = new Map();      // card id -> { node, card } drawn now
    this.sizes = new Map();      // image height -> [tile width, tile height] (measured once)
    this.elements = new Map();   // type id -> { el, grid } kept between layouts
    this.frame = 0;
    addEventListener("scroll", () => this.schedule(), { passive: true });
    addEventListener("resize", () => { this.measure(); this.schedule(); });
    box.addEventListener("keydown", (e) => this.key(e));
  }

  // groups: [{ id, head (an element), cards, thumb: [w, h] or [] }]; empty: shown when no group.
  // Tiles of cards whose entry is the same object as before are kept; the others are drawn again.
  show(groups, empty) {
    const focused = this.focusedId();
    this.groups = groups.map((g) => {
      let e = this.elements.get(g.id);
      if (!e) {
        e = { el: document.createElement("div"), grid: document.createElement("div") };
        e.el.className = "group";
        e.el.dataset.type = g.id;
        e.grid.className = "grid";
      }
      e.el.replaceChildren(g.head, e.grid);
      return { ...g, ...e, cols: 0, w: 0, h: 0 };
    });
    this.elements = new Map(this.groups.map((g) => [g.id, { el: g.el, grid: g.grid }]));
    const els = this.groups.length ? this.groups.map((g) => g.el) : [empty];
    if (els.length !== this.box.children.length || els.some((n, i) => this.box.children[i] !== n)) this.box.replaceChildren(...els);
    this.index = new Map();
    this.groups.forEach((g, gi) => g.cards.forEach((c, i) => this.index.set(c.id, [gi, i])));
    this.box.dataset.cards = String(this.index.size);     // cards laid out (the tiles drawn are fewer)
    for (const [id, drawn] of this.nodes) {
      const at = this.index.get(id);
      if (!at || this.groups[at[0]].cards[at[1]] !== drawn.card || drawn.node.parentNode !== this.groups[at[0]].grid) this.drop(id);
    }
    this.measure();
    this.paint();
    const again = focused && this.nodes.get(focused);
    if (again && !again.node.contains(document.activeElement)) again.node.focus({ preventScroll: true });
  }

  // Each group's columns, tile size and height (one tile measured per image height, without its image).
  measure() {
    for (const g of this.groups) {
      const key = g.thumb.length ? String(g.thumb[1]) : "none";
      if (!this.sizes.has(key)) {
        const probe = this.tile(g.cards[0]);
        probe.style.visibility = "hidden";
        g.grid.append(probe);
        this.sizes.set(key, [probe.offsetWidth, probe.offsetHeight]);
        probe.remove();
      }
      [g.w, g.h] = this.sizes.get(key);
      g.cols = Math.max(1, Math.floor((g.grid.clientWidth + GRID_GAP) / (g.w + GRID_GAP)));
      const rows = Math.ceil(g.cards.length / g.cols);
      g.grid.style.height = `${Math.max(0, rows * (g.h + GRID_GAP) - GRID_GAP)}px`;
    }
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.paint(); });
  }

  // Draw the tiles within GRID_MARGIN screens of the viewport, drop the others (not a focused one).
  paint() {
    const top = -GRID_MARGIN * innerHeight, bottom = (1 + GRID_MARGIN) * innerHeight;
    const windows = [];
    const wanted = new Set();
    for (const g of this.groups) {
      const r = g.grid.getBoundingClientRect();
      if (r.bottom < top || r.top > bottom || !g.cards.length) continue;
      const pitch = g.h + GRID_GAP;
      const first = Math.max(0, Math.floor((top - r.top) / pitch)) * g.cols;
      const last = Math.min(g.cards.length, (Math.floor((bottom - r.top) / pitch) + 1) * g.cols);
      windows.push([g, first, last]);
      for (let i = first; i < last; i++) wanted.add(g.cards[i].id);
    }
    for (const [id, drawn] of this.nodes) if (!wanted.has(id) && !drawn.node.contains(document.activeElement)) this.drop(id);
    for (const [g, first, last] of windows) {
      let prev = null;
      for (let i = first; i < last; i++) {
        const card = g.cards[i];
        let drawn = this.nodes.get(card.id);
        if (!drawn) {
          drawn = { node: this.make(card), card };
          this.nodes.set(card.id, drawn);
        }
        drawn.node.style.left = `${(i % g.cols) * (g.w + GRID_GAP)}px`;
        drawn.node.style.top = `${Math.floor(i / g.cols) * (g.h + GRID_GAP)}px`;
        const next = prev ? prev.nextSibling : g.grid.firstChild;
        if (drawn.node !== next) g.grid.insertBefore(drawn.node, next);   // DOM order is the tab order
        prev = drawn.node;
      }
    }
  }

  make(card) {
    const node = this.tile(card);
    const img = node.querySelector("img[data-src]");
    if (img) img.src = img.dataset.src;
    return node;
  }

  drop(id) {
    this.nodes.get(id).node.remove();
    this.nodes.delete(id);
  }

  node(id) { const drawn = this.nodes.get(id); return drawn ? drawn.node : null; }

  // The card's tile, scrolled into view and drawn; null when the card is not shown (filtered out).
  reveal(id) {
    const at = this.index.get(id);
    if (!at) return null;
    const g = this.groups[at[0]];
    if (!this.nodes.has(id)) {
      const y = g.grid.getBoundingClientRect().top + scrollY + Math.floor(at[1] / g.cols) * (g.h + GRID_GAP);
      scrollTo({ top: Math.max(0, y - (innerHeight - g.h) / 2), behavior: "instant" });
      this.paint();
    }
    return this.node(id);
  }

  focusedId() {
    const node = document.activeElement && document.activeElement.closest && document.activeElement.closest(".card");
    return node && this.box.contains(node) ? node.dataset.card : null;
  }

  // Arrow keys: the next or previous card, the card above or below (the next group's first row
  // below the last one); Home and End: the first and the last card.
  key(e) {
    const node = e.target;
    if (!node.classList || !node.classList.contains("card") || e.altKey || e.ctrlKey || e.metaKey) return;
    const at = this.index.get(node.dataset.card);
    if (!at) return;
    let [gi, i] = at;
    const g = this.groups[gi];
    const col = i % g.cols;
    if (e.key === "ArrowRight") {
      if (i + 1 < g.cards.length) i += 1; else if (gi + 1 < this.groups.length) [gi, i] = [gi + 1, 0];
    } else if (e.key === "ArrowLeft") {
      if (i > 0) i -= 1; else if (gi > 0) [gi, i] = [gi - 1, this.groups[gi - 1].cards.length - 1];
    } else if (e.key === "ArrowDown") {
      if (i + g.cols < g.cards.length) i += g.cols;
      else if (Math.floor(i / g.cols) < Math.floor((g.cards.length - 1) / g.cols)) i = g.cards.length - 1;
      else if (gi + 1 < this.groups.length) [gi, i] = [gi + 1, Math.min(col, this.groups[gi + 1].cards.length - 1)];
    } else if (e.key === "ArrowUp") {
      if (i >= g.cols) i -= g.cols;
      else if (gi > 0) {
        const above = this.groups[gi - 1];
        const lastRow = Math.floor((above.cards.length - 1) / above.cols) * above.cols;
        [gi, i] = [gi - 1, Math.min(lastRow + col, above.cards.length - 1)];
      }
    } else if (e.key === "Home") {
      [gi, i] = [0, 0];
    } else if (e.key === "End") {
      gi = this.groups.length - 1;
      i = this.groups[gi].cards.length - 1;
    } else return;
    e.preventDefault();
    const target = this.reveal(this.groups[gi].cards[i].id);
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "nearest" });
    }
  }
}
