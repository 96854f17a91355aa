// Editing the catalog from the detail column, for a session whose token allows it (scope edit or admin): change the
// entry shown in place (its fields, and its lists: entries added by searching as one types, or removed), add an
// entry, delete one after a confirmation, merge one into another chosen with a picker. What a form shows comes from
// GET /v1/editing; every change is sent with the ETag of the entry it was based on (If-Match), and when another
// change came first (412) the form shows what changed meanwhile and offers to apply the user's change again.

import { Problem, body, get, send } from "./api.js";
import { button, element } from "./dom.js";

/** How long typing pauses before the search of a list's picker is sent. */
const searchDelay = 200;

/** The entry on top of the scene's detail: its API path, its route (`KIND/UUID`), kind and uuid; null for none. */
function entryOf(state) {
  const route = state.stack.at(-1) ?? state.detail;
  if (!state.detailPath || !route) return null;
  const [kind, uuid] = route.split("/");
  return { path: state.detailPath, route, kind, uuid };
}

/** A field's value as a form shows it: text, or "" for none (a genre's parent by its name). */
function fieldText(entity, key) {
  const value = entity?.[key];
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? (value.name ?? "") : String(value);
}

/** A list's entries as a form keeps them: `{uuid, name, role}`, a new one by name only. */
function listEntries(entity, key) {
  return (entity?.[key] ?? []).map((item) => ({ uuid: item.uuid, name: item.name ?? item.title, role: item.role ?? null }));
}

const sameEntries = (a, b) =>
  a.length === b.length && a.every((entry, index) => entry.uuid === b[index].uuid && entry.name === b[index].name && entry.role === b[index].role);

const entriesText = (entries) => entries.map((entry) => (entry.role && entry.role !== "author" ? `${entry.name} (${entry.role})` : entry.name)).join(", ");

/** The edit controls of the detail column and the form they open in place of the detail. */
export class EditPanel {
  /**
   * `bar` holds the buttons, `form` the form; `reload()` shows the scene again as the server has it (after an edit,
   * a delete or a merge), `open(route)` shows a new entry, `onError` and `say` report.
   */
  constructor(bar, form, detailBody, { reload, open, onError, say }) {
    Object.assign(this, { bar, form, detailBody, reload, open, onError, say });
    this.kinds = null;
    this.searchPath = null;
    this.entry = null;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.save?.();
    });
  }

  /** Offers editing when the session's `scope` allows it. */
  async enable(scope) {
    this.kinds = null;
    if (scope === "edit" || scope === "admin") {
      const described = await get("/v1/editing");
      this.searchPath = described.searchPath;
      this.kinds = new Map(described.kinds.map((kind) => [kind.kind, kind]));
    }
    this.showBar();
  }

  /** Follows the scene's `state`: the buttons act on the entry its detail shows; a form of another entry closes. */
  show(state) {
    const entry = entryOf(state);
    if (entry?.path !== this.entry?.path) this.close();
    this.entry = entry;
    this.showBar();
  }

  showBar() {
    const buttons = [];
    if (this.kinds) {
      const add = element("select");
      add.setAttribute("aria-label", "Add");
      add.append(element("option", "Add…"), ...[...this.kinds.values()].map((kind) => Object.assign(element("option", kind.title), { value: kind.kind })));
      add.addEventListener("change", () => {
        const kind = add.value;
        add.selectedIndex = 0;
        if (this.kinds.has(kind)) this.edit(kind, null);
      });
      buttons.push(add);
      if (this.entry && this.kinds.has(this.entry.kind)) {
        const entry = this.entry;
        buttons.push(
          button("Edit", () => this.edit(entry.kind, entry.path), "edit-entry"),
          button("Delete…", () => this.confirmDelete(entry), "delete-entry"),
          button("Merge into…", () => this.pickSurvivor(entry), "merge-entry"),
        );
      }
    }
    this.bar.replaceChildren(...buttons);
    this.bar.hidden = !buttons.length;
  }

  /** Closes the form and shows the detail again. */
  close() {
    this.save = null;
    this.form.replaceChildren();
    this.form.hidden = true;
    this.detailBody.hidden = false;
  }

  /** Shows `nodes` as the form, in place of the detail, its first field focused. */
  present(title, nodes) {
    this.form.replaceChildren(element("h3", title), ...nodes);
    this.form.hidden = false;
    this.detailBody.hidden = true;
    this.form.querySelector("input, textarea, select, button")?.focus();
  }

  /** The entry at the API path `path` as it is now, with its ETag. */
  async current(path) {
    const response = await send("GET", path);
    return { entity: await body(response), etag: response.headers.get("ETag") };
  }

  // MARK: Adding and changing

  /** Opens the form of a new entry of `kind` (`path` null) or of the entry at the API path `path`. */
  async edit(kind, path) {
    try {
      const base = path ? await this.current(path) : { entity: null, etag: null };
      this.openForm(this.kinds.get(kind), path, base);
    } catch (error) {
      this.onError(error);
    }
  }

  openForm(description, path, base) {
    const fields = new Map();
    const nodes = [];
    for (const field of description.fields) {
      const id = `edit-${field.key}`;
      let input;
      if (field.values) {
        input = element("select");
        input.append(element("option", ""), ...field.values.map((value) => Object.assign(element("option", value), { value })));
      } else {
        input = element(field.long ? "textarea" : "input");
      }
      input.id = id;
      input.name = field.key;
      input.value = fieldText(base.entity, field.key);
      const error = element("p", "", "field-error");
      error.id = `${id}-error`;
      input.setAttribute("aria-describedby", error.id);
      const label = element("label", field.label);
      label.htmlFor = id;
      nodes.push(element("div", undefined, "field"));
      nodes.at(-1).append(label, input, error);
      fields.set(field.key, { input, error, original: input.value });
    }
    const lists = new Map();
    for (const list of description.lists) {
      const editor = this.listEditor(list, listEntries(base.entity, list.key));
      lists.set(list.key, editor);
      nodes.push(editor.node);
    }
    const conflict = element("div", undefined, "conflict");
    conflict.setAttribute("role", "alert");
    conflict.hidden = true;
    const actions = element("div", undefined, "form-actions");
    const save = element("button", path ? "Save" : "Add", "primary");
    save.type = "submit";
    actions.append(save, button("Cancel", () => this.close()));
    nodes.push(conflict, actions);
    const state = { description, path, base, fields, lists, conflict };
    this.save = () => this.submit(state);
    this.present(path ? `Edit ${fieldText(base.entity, "title") || fieldText(base.entity, "name")}` : `New ${description.title.toLowerCase()}`, nodes);
  }

  /** The members a POST or PATCH sends: for a change, only what differs from the entry the form was opened on. */
  changes(state) {
    const changed = {};
    for (const [key, field] of state.fields) {
      const text = field.input.value.trim();
      if (state.path ? field.input.value === field.original : !text) continue;
      changed[key] = text === "" ? null : text;
    }
    for (const [key, list] of state.lists) {
      if (state.path ? sameEntries(list.entries, list.original) : !list.entries.length) continue;
      // A list with roles takes credits, {author, role}; the others names or uuids.
      changed[key] = list.entries.map((entry) =>
        list.roles ? { author: entry.uuid ?? entry.name, role: entry.role } : (entry.uuid ?? entry.name),
      );
    }
    return changed;
  }

  async submit(state, changed = this.changes(state)) {
    for (const field of state.fields.values()) field.error.textContent = "";
    const kind = state.description.kind;
    if (state.path && !Object.keys(changed).length) return this.close();
    try {
      const response = state.path
        ? await send("PATCH", state.path, { body: changed, headers: { "If-Match": state.base.etag } })
        : await send("POST", state.description.path, { body: changed });
      if (response.status === 412) return this.showConflict(state, changed, await response.json(), response.headers.get("ETag"));
      const entity = await body(response);
      this.close();
      // Said once the new state is shown, which would otherwise clear it.
      await (state.path ? this.reload() : this.open(`${kind}/${entity.uuid}`));
      this.say(state.path ? "Saved." : "Added.");
    } catch (error) {
      if (error instanceof Problem && error.status === 422) return this.showInvalid(state, error);
      this.onError(error);
    }
  }

  /** Names each refused field beside it (a list's refusal beside its search field). */
  showInvalid(state, problem) {
    for (const { field, message } of problem.body.errors ?? []) {
      const target = state.fields.get(field)?.error ?? state.lists.get(field)?.error;
      if (target) target.textContent = message;
    }
    this.onError(problem);
  }

  /**
   * Another change came first: says what it changed (the entry as it is now beside the one the form was opened on)
   * and offers to send the user's change again, based on the entry as it is now, or to start again from it.
   */
  showConflict(state, changed, problem, etag) {
    const now = problem.entity;
    const lines = [];
    for (const field of state.description.fields) {
      const before = fieldText(state.base.entity, field.key);
      const after = fieldText(now, field.key);
      if (before !== after) lines.push(`${field.label}: ${before || "–"} → ${after || "–"}`);
    }
    for (const list of state.description.lists) {
      const before = entriesText(listEntries(state.base.entity, list.key));
      const after = entriesText(listEntries(now, list.key));
      if (before !== after) lines.push(`${list.heading}: ${before || "–"} → ${after || "–"}`);
    }
    const summary = element("ul");
    summary.append(...lines.map((line) => element("li", line)));
    state.conflict.replaceChildren(
      element("p", "Someone changed this entry while you were editing it:"),
      summary,
      element("p", "Your changes were not saved."),
      button("Apply my changes again", () => {
        state.conflict.hidden = true;
        state.base = { entity: now, etag };
        this.submit(state, changed);
      }, "reapply primary"),
      button("Start again from the current version", () => this.openForm(state.description, state.path, { entity: now, etag })),
    );
    state.conflict.hidden = false;
  }

  /**
   * A list's editor: its entries with a Remove button each, and a search field whose matches of the list's kind
   * (GET /v1/search as one types) add an entry; the text itself adds a new one by name.
   */
  listEditor(list, original) {
    const editor = { entries: [...original], original, roles: list.roles, node: element("fieldset", undefined, "list-editor") };
    const legend = element("legend", list.heading);
    const entries = element("ul", undefined, "entries");
    const heading = list.heading.toLowerCase();
    const { label, search, suggestions } = this.searchField(
      `edit-${list.key}-search`, `Add to ${heading}`, `Matching ${heading}`, list.kind, (entry) => add(entry),
    );
    let role = null;
    if (list.roles) {
      role = element("select");
      role.setAttribute("aria-label", "Role");
      role.append(...list.roles.map((value) => Object.assign(element("option", value), { value })));
    }
    editor.error = element("p", "", "field-error");
    const draw = () => {
      entries.replaceChildren(
        ...editor.entries.map((entry, index) => {
          const item = element("li");
          item.append(
            element("span", entriesText([entry])),
            button("Remove", () => {
              editor.entries.splice(index, 1);
              draw();
            }, "remove-entry"),
          );
          item.lastChild.setAttribute("aria-label", `Remove ${entry.name}`);
          return item;
        }),
      );
    };
    const add = (entry) => {
      editor.entries.push({ ...entry, role: role ? role.value : null });
      search.value = "";
      suggestions.replaceChildren();
      search.setAttribute("aria-expanded", "false");
      draw();
      search.focus();
    };
    search.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      suggestions.querySelector("button")?.click();
    });
    draw();
    const row = element("div", undefined, "list-add");
    row.append(label, search, ...(role ? [role] : []));
    editor.node.append(legend, entries, row, suggestions, editor.error);
    return editor;
  }

  /**
   * A search field (a combobox) labelled `labelText` whose matches of `kind` (GET /v1/search once typing pauses) are
   * listed under it as `matchesLabel`, `choose` called with the one picked: the list editors' and the merge picker's.
   */
  searchField(id, labelText, matchesLabel, kind, choose, options) {
    const label = element("label", labelText);
    label.htmlFor = id;
    const search = element("input");
    search.id = id;
    search.type = "search";
    search.autocomplete = "off";
    search.setAttribute("role", "combobox");
    search.setAttribute("aria-expanded", "false");
    const suggestions = element("ul", undefined, "suggestions");
    suggestions.id = `${id}-matches`;
    suggestions.setAttribute("role", "listbox");
    suggestions.setAttribute("aria-label", matchesLabel);
    search.setAttribute("aria-controls", suggestions.id);
    let pending = null;
    search.addEventListener("input", () => {
      clearTimeout(pending);
      const text = search.value.trim();
      pending = setTimeout(() => this.suggest(text, kind, suggestions, search, choose, options), searchDelay);
    });
    return { label, search, suggestions };
  }

  /** Fills `suggestions` with the entries of `kind` that match `text`, and the text itself as a new one. */
  async suggest(text, kind, suggestions, search, choose, { allowNew = true, except = null } = {}) {
    if (!text) {
      suggestions.replaceChildren();
      search.setAttribute("aria-expanded", "false");
      return;
    }
    try {
      const found = await get(`${this.searchPath}?q=${encodeURIComponent(text)}&limit=20`);
      if (search.value.trim() !== text) return; // typed on meanwhile: a newer search answers
      const matches = found.items.filter((item) => item.kind === kind && item.uuid !== except).slice(0, 8);
      const options = matches.map((item) => {
        const name = item.title ?? item.name;
        return button(name, () => choose({ uuid: item.uuid, name }), "suggestion");
      });
      if (allowNew && !matches.some((item) => (item.title ?? item.name) === text)) {
        options.push(button(`New: ${text}`, () => choose({ uuid: null, name: text }), "suggestion new"));
      }
      suggestions.replaceChildren(
        ...options.map((node) => {
          const item = element("li");
          item.setAttribute("role", "option");
          item.append(node);
          return item;
        }),
      );
      search.setAttribute("aria-expanded", String(options.length > 0));
    } catch (error) {
      this.onError(error);
    }
  }

  // MARK: Deleting and merging

  /** Asks before deleting the entry; deletes it with the ETag it was shown at. */
  async confirmDelete(entry) {
    try {
      const { etag, name } = await this.named(entry);
      const confirm = button(
        "Delete",
        () => this.settle("DELETE", entry.path, etag, undefined, `Deleted ${name}.`),
        "confirm-delete danger",
      );
      this.present(`Delete ${name}?`, [
        element("p", `${name} will be deleted from the catalog, with its place in every list.`),
        confirm,
        button("Cancel", () => this.close()),
      ]);
    } catch (error) {
      this.onError(error);
    }
  }

  /** A picker of the entry to merge this one into (another of its kind, found by search), then a confirmation. */
  async pickSurvivor(entry) {
    try {
      const { etag, name } = await this.named(entry);
      const chosen = element("div", undefined, "merge-choice");
      const choose = (survivor) => {
        chosen.replaceChildren(
          element("p", `${name} will be merged into ${survivor.name}: ${survivor.name} stays, with its fields, and takes over the links of ${name}.`),
          button(
            `Merge into ${survivor.name}`,
            () => this.settle("POST", `${entry.path}/merge`, etag, { into: survivor.uuid }, `Merged into ${survivor.name}.`),
            "confirm-merge primary",
          ),
        );
      };
      const { label, search, suggestions } = this.searchField(
        "merge-search", `Merge ${name} into`, "Matching entries", entry.kind, choose,
        { allowNew: false, except: entry.uuid },
      );
      this.present(`Merge ${name}`, [label, search, suggestions, chosen, button("Cancel", () => this.close())]);
    } catch (error) {
      this.onError(error);
    }
  }

  /** The entry at `entry`'s path as it is now: its ETag, and the name it is shown by. */
  async named(entry) {
    const { entity, etag } = await this.current(entry.path);
    return { etag, name: entity.title ?? entity.name };
  }

  /**
   * Sends a delete or a merge of the entry as it was at `etag`; once it is done, closes the dialog, shows the scene
   * again as the server has it and says `done`.
   */
  async settle(method, path, etag, requestBody, done) {
    try {
      await body(await send(method, path, { body: requestBody, headers: { "If-Match": etag } }));
      this.close();
      await this.reload();
      this.say(done);
    } catch (error) {
      this.onError(error);
    }
  }
}
