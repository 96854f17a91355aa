// The content column: the list under the sidebar's selection, one keyset page at a time as it scrolls into view
// (`?after=` the page's `next`), never the whole list; its total is shown above it.

import { get } from "./api.js";
import { option, select } from "./listbox.js";

const pageSize = 50;

/** What the sidebar route lists: the request for a page, and how an item becomes an option. */
function source(sidebar) {
  const [section, rest] = [sidebar.split("/")[0], sidebar.slice(sidebar.indexOf("/") + 1)];
  const plain = { books: "book", authors: "author", genres: "genre", bands: "band" };
  if (plain[section]) return { path: `/v1/${section}`, kind: plain[section], paged: true };
  if (section === "genre") return { path: `/v1/bands?genre=${encodeURIComponent(rest)}`, kind: "band", paged: true };
  if (section === "search") return { path: `/v1/search?q=${encodeURIComponent(rest)}&limit=100`, paged: false };
  return null;
}

function label(item) {
  return item.title ?? item.name ?? item.uuid;
}

function extra(item) {
  if (item.year) return String(item.year);
  if (item.kind) return item.kind;
  return "";
}

/** The content column, bound to its elements. */
export class ContentColumn {
  constructor(scroller, list, title, total, more, onError) {
    Object.assign(this, { scroller, list, title, total, more, onError });
    this.sidebar = null;
    this.source = null;
    this.selected = null;
    this.generation = 0;
    // The generation whose page is loading, else null: a load of an older list must not hold up the new one.
    this.loading = null;
    this.done = true;
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.loadMore();
      },
      { root: scroller, rootMargin: "200px" },
    );
    this.observer.observe(more);
  }

  /** Shows the list of `sidebar` (loading its first page when it changed) with `selected` marked. */
  async show(sidebar, sidebarTitle, selected) {
    this.selected = selected;
    if (sidebar === this.sidebar) {
      select(this.list, selected);
      return;
    }
    this.sidebar = sidebar;
    this.generation += 1;
    this.loading = null;
    this.list.replaceChildren();
    this.title.textContent = sidebarTitle ?? "";
    this.total.textContent = "";
    this.more.textContent = "";
    this.source = sidebar ? source(sidebar) : null;
    this.next = undefined;
    this.done = !this.source;
    await this.loadMore();
  }

  /** Loads the next page, unless one of this list is loading or the list is complete. */
  async loadMore() {
    if (this.loading === this.generation || this.done) return;
    const generation = this.generation;
    const { path, kind, paged } = this.source;
    const separator = path.includes("?") ? "&" : "?";
    const url = paged ? `${path}${separator}limit=${pageSize}${this.next ? "&after=" + encodeURIComponent(this.next) : ""}` : path;
    this.loading = generation;
    this.more.textContent = "Loading…";
    try {
      const page = await get(url);
      if (generation !== this.generation) return;
      for (const item of page.items) {
        this.list.append(option(`${item.kind ?? kind}/${item.uuid}`, label(item), extra(item)));
      }
      const count = page.total ?? page.items.length;
      this.total.textContent = `${count.toLocaleString("en")} ${count === 1 ? "item" : "items"}`;
      this.next = paged ? page.next : null;
      this.done = !this.next;
      select(this.list, this.selected);
    } catch (error) {
      if (generation === this.generation) this.onError(error);
      this.done = true;
    } finally {
      if (generation === this.generation) {
        this.loading = null;
        this.more.textContent = this.done ? "" : "More…";
      }
    }
    // A short first page leaves the sentinel in view without a new intersection: keep loading until it leaves.
    if (generation === this.generation && !this.done && this.inView()) await this.loadMore();
  }

  /** Whether the end of the list is within the column's visible part (or near it). */
  inView() {
    if (this.more.offsetParent === null) return false;
    const box = this.more.getBoundingClientRect();
    const visible = this.scroller.getBoundingClientRect();
    return box.top < visible.bottom + 200 && box.bottom > visible.top;
  }
}
