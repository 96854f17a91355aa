// The address bar is the deep link: /app/<sidebar>?content=…&detail=…&stack=… is catalog://<sidebar>?… with
// another prefix, so a link pasted from `catalog nav show` or a terminal opens the same state, and the page's own
// addresses work in `catalog nav open`. The server writes each state's link (the scene's `link`); the page only
// swaps the prefix. `scene` (when not main) is the page's own item, not part of the link.

const scheme = "catalog://";
const keep = (text) => encodeURIComponent(text).replace(/%2F/g, "/");

/** The page address of a scene's state: its link under /app, with the scene when it is not main. */
export function addressOf(state, scene) {
  const [path, query] = state.link.slice(scheme.length).split("?");
  const items = query ? [query] : [];
  if (scene !== "main") items.push("scene=" + encodeURIComponent(scene));
  return "/app" + (path ? "/" + path : "") + (items.length ? "?" + items.join("&") : "");
}

/** The scene the address names (`?scene=`), else main. */
export function sceneOf(location) {
  return new URLSearchParams(location.search).get("scene") || "main";
}

/** The catalog:// link the address holds, or null when it holds none (`/` or a bare `/app`). */
export function linkOf(location) {
  if (!location.pathname.startsWith("/app/")) return null;
  const query = new URLSearchParams(location.search);
  query.delete("scene");
  const rest = [...query].map(([name, value]) => `${name}=${keep(value)}`).join("&");
  return scheme + location.pathname.slice(5) + (rest ? "?" + rest : "");
}
