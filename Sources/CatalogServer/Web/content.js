// The content column: the list under the sidebar's selection, one keyset page at a time as it scrolls into view
// (`?after=` the page's `next`), never the whole list; its total is shown above it, and an empty list or a search
// without hits says so in words.

import { get } from "./api.js";
import { option, select } from "./listbox.js";

const pageSize = 50;

/** What the sidebar route lists: the request for a page, how an item becomes an option, and the searched text. */
function source(sidebar) {
  const [section, rest] = [sidebar.split("/")[0], sidebar.slice(sidebar.indexOf("/") + 1)];
  const plain = { books: "book", authors: "author", genres: "genre", bands: "band" };
  if (plain[section]) return { path: `/v1/${section}`, kind: plain[section], paged: true };
  if (section === "genre") return { path: `/v1/bands?genre=${encodeURIComponent(rest)}`, kind: "band", paged: true };
  if (section === "search") {
    return { path: `/v1/search?q=${encodeURIComponent(rest)}&limit=100`, paged: false, searched: rest };
  }
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

function counted(count, searched) {
  const [one, many] = searched === undefined ? ["item", "items"] : ["result", "results"];
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/**
 * The content column, bound to its elements (`scroller`, `list`, `title`, `total`, `more`, `empty`, `emptyText`,
 * `clearSearch`); `onError` shows a failed load.
 */
export class ContentColumn {
  constructor(elements, onError) {
    Object.assign(this, elements, { onError });
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
      { root: this.scroller, rootMargin: "200px" },
    );
    this.observer.observe(this.more);
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
    this.list.hidden = false;
    this.empty.hidden = true;
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
    const { path, kind, paged, searched } = this.source;
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
      this.total.textContent = count ? counted(count, searched) : "";
      if (!count) this.showEmpty(searched);
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

  /** Says in words that the list is empty; a search without hits offers to clear it. */
  showEmpty(searched) {
    this.list.hidden = true;
    this.empty.hidden = false;
    this.emptyText.textContent = searched === undefined ? "This list is empty." : `No results for “${searched}”.`;
    this.clearSearch.hidden = searched === undefined;
  }

  /** Whether the end of the list is within the column's visible part (or near it). */
  inView() {
    if (this.more.offsetParent === null) return false;
    const box = this.more.getBoundingClientRect();
    const visible = this.scroller.getBoundingClientRect();
    return box.top < visible.bottom + 200 && box.bottom > visible.top;
  }
}
