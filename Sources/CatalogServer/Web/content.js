// The content column: the lists the scene says the sidebar's selection shows (its `contentLists`, each with its API
// path), one after the other, one keyset page at a time as it scrolls into view (`?after=` the page's `next`), never
// a whole list; their total is shown above them, and an empty list or a search without hits says so in words.

import { get } from "./api.js";
import { option, select } from "./listbox.js";

const pageSize = 50;
/** The hits asked of a list that does not page (a search). */
const unpagedLimit = 100;

/** The request for a page of `list` (`{kind, path, paged}`), after the cursor `after` when given. */
function pageURL(list, after) {
  const separator = list.path.includes("?") ? "&" : "?";
  if (!list.paged) return `${list.path}${separator}limit=${unpagedLimit}`;
  return `${list.path}${separator}limit=${pageSize}${after ? "&after=" + encodeURIComponent(after) : ""}`;
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
    this.lists = [];
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

  /**
   * Shows the `lists` of `sidebar` (loading their first pages when it changed) with `selected` marked; `searched` is
   * the text of a search, which words an empty list and the total as results.
   */
  async show(sidebar, lists, sidebarTitle, selected, searched) {
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
    this.lists = sidebar ? lists : [];
    this.searched = searched;
    // The list whose pages are being shown, the cursor of its next page, and the first pages of the lists after it.
    this.current = 0;
    this.next = undefined;
    this.waiting = null;
    this.done = !this.lists.length;
    await this.loadMore();
  }

  /** Loads the next page, unless one of this list is loading or the list is complete. */
  async loadMore() {
    if (this.loading === this.generation || this.done) return;
    const generation = this.generation;
    this.loading = generation;
    this.more.textContent = "Loading…";
    try {
      const first = this.waiting === null;
      // The first page of every list comes at once, so the total counts them all from the start.
      const pages = await Promise.all(
        first ? this.lists.map((list) => get(pageURL(list))) : [get(pageURL(this.lists[this.current], this.next))],
      );
      if (generation !== this.generation) return;
      if (first) {
        const count = pages.reduce((sum, page) => sum + (page.total ?? page.items.length), 0);
        this.total.textContent = count ? counted(count, this.searched) : "";
        if (!count) this.showEmpty(this.searched);
        this.waiting = pages.slice(1);
      }
      this.append(pages[0]);
      // A list that ended is followed by the next one's first page.
      while (!this.next && this.waiting.length) {
        this.current += 1;
        this.append(this.waiting.shift());
      }
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

  /** Adds the items of `page` of the current list, and keeps the cursor of its next page. */
  append(page) {
    const list = this.lists[this.current];
    for (const item of page.items) {
      this.list.append(option(`${item.kind ?? list.kind}/${item.uuid}`, label(item), extra(item)));
    }
    this.next = list.paged ? page.next : null;
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
