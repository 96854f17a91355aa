// The nodes the columns and the editing panel build: text always goes in as text (`textContent`), never as markup.

/** A `name` element with `text` as its text and `className` as its class, each when given. */
export function element(name, text, className) {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A button that calls `onClick`; of type `button`, so inside a form it never submits it. */
export function button(text, onClick, className) {
  const node = element("button", text, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}
