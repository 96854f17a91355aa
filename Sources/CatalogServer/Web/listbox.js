// A column's list as an ARIA listbox: options are <li role="option"> carrying their route; one option per list is
// in the tab order (the selected one, else the first), so Tab moves between columns while the arrow keys, Home and
// End move within one; Enter, Space or a click chooses an option.

/** Makes `list` a listbox whose chosen option's route goes to `choose`. */
export function listbox(list, choose) {
  list.addEventListener("click", (event) => {
    const option = event.target.closest('[role="option"]');
    if (option && list.contains(option)) {
      focus(list, option);
      choose(option.dataset.route);
    }
  });
  list.addEventListener("keydown", (event) => {
    const options = [...list.querySelectorAll('[role="option"]')];
    const at = options.indexOf(document.activeElement);
    const moves = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: options.length - 1 };
    if (event.key in moves) {
      const next = options[Math.max(0, Math.min(options.length - 1, moves[event.key]))];
      if (next) focus(list, next);
      event.preventDefault();
    } else if ((event.key === "Enter" || event.key === " ") && at >= 0) {
      choose(options[at].dataset.route);
      event.preventDefault();
    }
  });
}

/** A new option for `route` whose text is `label`, inserted as text. */
export function option(route, label, detail) {
  const item = document.createElement("li");
  item.setAttribute("role", "option");
  item.dataset.route = route;
  item.tabIndex = -1;
  item.setAttribute("aria-selected", "false");
  const title = document.createElement("span");
  title.className = "label";
  title.textContent = label;
  item.append(title);
  if (detail) {
    const extra = document.createElement("span");
    extra.className = "extra";
    extra.textContent = detail;
    item.append(extra);
  }
  return item;
}

/** Marks the option of `route` selected (none when null) and puts it, else the first, in the tab order. */
export function select(list, route) {
  const options = [...list.querySelectorAll('[role="option"]')];
  let selected = null;
  for (const item of options) {
    const on = item.dataset.route === route;
    item.setAttribute("aria-selected", on ? "true" : "false");
    if (on) selected = item;
  }
  const active = selected ?? options.find((item) => item === document.activeElement) ?? options[0];
  for (const item of options) item.tabIndex = item === active ? 0 : -1;
}

function focus(list, item) {
  for (const other of list.querySelectorAll('[role="option"]')) other.tabIndex = -1;
  item.tabIndex = 0;
  item.focus();
}
