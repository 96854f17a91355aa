// The address bar is the deep link: /app/<sidebar>?content=…&detail=…&stack=… is catalog://<sidebar>?… with
// another prefix, so a link pasted from `catalog nav show` or a terminal opens the same state, and the page's own
// addresses work in `catalog nav open`. `scene` (when not main) is the page's own item, not part of the link.

const keep = (text) => encodeURIComponent(text).replace(/%2F/g, "/");

/** A route path as it appears in an address: search text percent-encoded, the slashes kept. */
function routeInAddress(path) {
  return path.startsWith("search/") ? "search/" + encodeURIComponent(path.slice(7)) : keep(path);
}

/** The page address of a scene's state, in the form of its deep link. */
export function addressOf(state, scene) {
  const implicitDetail = state.content ?? (state.layout === 2 ? state.sidebar : null);
  const items = [];
  if (state.content) items.push(["content", state.content]);
  if (state.detail && state.detail !== implicitDetail) items.push(["detail", state.detail]);
  for (const route of state.stack) items.push(["stack", route]);
  if (scene !== "main") items.push(["scene", scene]);
  const query = items.map(([name, value]) => `${name}=${name === "scene" ? encodeURIComponent(value) : keep(value)}`);
  const path = "/app" + (state.sidebar ? "/" + routeInAddress(state.sidebar) : "");
  return path + (query.length ? "?" + query.join("&") : "");
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
  return "catalog://" + location.pathname.slice(5) + (rest ? "?" + rest : "");
}

/** The catalog:// deep link of a state. */
export function linkOfState(state) {
  return "catalog://" + addressOf(state, "main").slice("/app/".length);
}
