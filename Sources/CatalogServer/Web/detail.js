// The detail column: the top of the detail stack (else its root), read from the API path the scene gives
// (`detailPath`), with the facts and related lists its answer describes, whose options push onto the stack; the
// stack itself as a breadcrumb. A route without a path (Settings, About) is one of the two-column pages.

import { get } from "./api.js";
import { element } from "./dom.js";
import { listbox, option, select } from "./listbox.js";

/** A fact longer than this takes a whole row (a summary), the others share one. */
const shortFact = 60;

/** The detail column, bound to its elements; `act(name, argument)` sends an intent. */
export class DetailColumn {
  constructor(breadcrumb, title, body, act, onError) {
    Object.assign(this, { breadcrumb, title, body, act, onError });
    this.shown = undefined; // nothing yet: even "no detail" is shown once
  }

  /**
   * Shows `scene`'s detail (its stack's top, else its root) with the stack as a breadcrumb. What was shown stays
   * until the new entry has loaded; when it cannot load, it stays and the problem goes to `onError`.
   */
  async show(scene, page) {
    this.showBreadcrumb(scene);
    const top = scene.stack.length ? scene.stack[scene.stack.length - 1] : scene.detail;
    if (top === this.shown) return;
    this.shown = top;
    const topTitle = (scene.stack.length ? scene.titles.stack[scene.stack.length - 1] : scene.titles.detail) ?? "";
    if (!top) {
      const nothing = scene.layout === 3 && scene.sidebar ? [element("p", "Nothing selected.", "empty")] : [];
      return this.replace("", nothing);
    }
    if (!scene.detailPath) return this.replace(topTitle, page(top));
    try {
      const entity = await get(scene.detailPath);
      if (this.shown === top) this.replace(topTitle, this.render(entity));
    } catch (error) {
      if (this.shown !== top) return;
      this.shown = undefined; // shown again, the entry is asked for again
      this.onError(error);
    }
  }

  /** Replaces the title and the body at once. */
  replace(title, nodes) {
    this.title.textContent = title;
    this.title.hidden = !title;
    this.body.replaceChildren(...nodes);
  }

  showBreadcrumb(scene) {
    const items = [];
    const routes = scene.detail ? [scene.detail, ...scene.stack] : [];
    const titles = [scene.titles.detail, ...scene.titles.stack];
    routes.forEach((route, index) => {
      const item = element("li");
      if (index === routes.length - 1) {
        const current = element("span", titles[index] ?? route);
        current.setAttribute("aria-current", "page");
        item.append(current);
      } else {
        const button = element("button", titles[index] ?? route);
        button.type = "button";
        button.addEventListener("click", () => this.popTo(index));
        item.append(button);
      }
      items.push(item);
    });
    this.breadcrumb.replaceChildren(...items);
    this.breadcrumb.parentElement.hidden = routes.length < 2;
  }

  /** Pops the stack down to its entry `index` (0: the root): the first `index` entries of the stack stay. */
  popTo(index) {
    return this.act("pop-to", index);
  }

  /** The listbox of a related list's `items`, each pushed onto the stack when chosen. */
  relatedList(items, childKind, headingID) {
    const options = element("ul");
    options.setAttribute("role", "listbox");
    options.setAttribute("aria-labelledby", headingID);
    for (const item of items) {
      options.append(option(`${childKind}/${item.uuid}`, item.title ?? item.name, item.role && item.role !== "author" ? item.role : ""));
    }
    listbox(options, (route) => this.act("push", route));
    select(options, null);
    return options;
  }

  /**
   * The nodes that show `entity`: its facts (each value marked with the field it shows), then its related lists, as
   * its answer describes them: the page names no field of its own.
   */
  render(entity) {
    // Short facts go in a row, wide ones under it: two lists, since dt and dd must be the list's own children.
    const short = element("dl", undefined, "facts");
    const wide = element("dl", undefined, "facts wide");
    for (const { field, label, value } of entity.facts) {
      const shown = element("dd", value);
      if (field) shown.dataset.field = field;
      (value.length > shortFact ? wide : short).append(element("dt", label), shown);
    }
    const nodes = [short, wide].filter((list) => list.childElementCount);
    for (const { name, heading, kind, count } of entity.related) {
      const items = entity[name] ?? [];
      const section = element("section", undefined, "related");
      const headingID = `related-${name}`;
      const title = element("h3", `${heading} (${count.toLocaleString("en")})`);
      title.id = headingID;
      section.append(title, items.length ? this.relatedList(items, kind, headingID) : element("p", `No ${heading.toLowerCase()}.`, "empty"));
      nodes.push(section);
    }
    return nodes;
  }
}
