// The page: signs in (a pasted token traded once for a session cookie), then shows the user's scene in three
// columns and turns every choice into an intent. What it shows comes from the API: the sidebar's sections and the
// intents from /v1/navigation, the lists of the content column and the detail's path from the scene. The address
// bar follows the state as its deep link; back and forward are the scene's own history. What others change in the
// catalog comes through its change feed: what the page shows of it is read again, and a merge moves the scene on.

import { Problem, body, get, send, useCSRFToken } from "./api.js";
import { CatalogChanges } from "./changes.js";
import { ContentColumn } from "./content.js";
import { addressOf, linkOf, sceneOf } from "./deeplink.js";
import { DetailColumn } from "./detail.js";
import { EditPanel } from "./edit.js";
import { listbox, option, select } from "./listbox.js";
import { Scene } from "./scene.js";

const $ = (id) => document.getElementById(id);

const appName = "Library catalog";

/** Labels of the column visibilities the API names, for the Settings page. */
const visibilityLabels = { automatic: "Automatic", all: "All columns", doubleColumn: "Content and detail", detailOnly: "Detail only" };

let scene = null;
// The catalog's change feed, followed while the scene is shown.
let changes = null;
let content = null;
let detail = null;
let editing = null;
let signedInAs = null;
let signedInScope = null;
// What the navigation offers (GET /v1/navigation): the sidebar's sections, a search's route, the intents.
let navigation = null;
// The section shown before the current search: where clearing the search goes back to.
let sectionBeforeSearch = null;
// The titles of the routes of the state shown last, by route: what a repair of the next state calls them.
let shownTitles = new Map();

function say(text) {
  $("status").textContent = text;
}

/** Shows `text` in the alert region (announced at once, dismissed by the user); an empty text removes it. */
function alertUser(text) {
  $("alert-text").textContent = text;
  $("alert").hidden = !text;
}

function reportProblem(error) {
  if (error instanceof Problem) return alertUser(error.message);
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return alertUser(`The catalog server could not be reached (${error.message}).`);
  alertUser(`Something went wrong: ${error.message}`);
}

// MARK: Signing in and out

async function start() {
  try {
    const session = await get("/v1/web/session");
    useCSRFToken(session.csrfToken);
    signedInAs = session.user;
    signedInScope = session.scope;
    await open();
  } catch (error) {
    if (error instanceof Problem && error.status === 401) return showSignIn("");
    reportProblem(error);
  }
}

function showSignIn(message) {
  stop();
  scene = null;
  $("app").hidden = true;
  $("sign-in").hidden = false;
  document.title = `Sign in — ${appName}`;
  $("sign-in-error").textContent = message;
  $("token").focus();
}

async function signIn(event) {
  event.preventDefault();
  const token = $("token").value.trim();
  $("token").value = "";
  try {
    const session = await body(await send("POST", "/v1/web/session", { body: { token } }));
    useCSRFToken(session.csrfToken);
    signedInAs = session.user;
    signedInScope = session.scope;
    $("sign-in").hidden = true;
    await open();
  } catch (error) {
    $("sign-in-error").textContent = error instanceof Problem ? error.message : String(error);
  }
}

async function signOut() {
  try {
    await body(await send("DELETE", "/v1/web/session"));
  } catch (error) {
    if (!(error instanceof Problem && error.status === 401)) return reportProblem(error);
  }
  useCSRFToken(null);
  showSignIn("Signed out.");
}

// MARK: The scene

/** Loads the scene; a link in the address bar that the user opened (not a reload) is opened as one state. */
async function open() {
  $("user").textContent = signedInAs;
  navigation ??= await get("/v1/navigation");
  showSections(navigation.sections);
  await editing.enable(signedInScope);
  $("app").hidden = false;
  // Read before the scene is shown: showing it puts its own address in the address bar.
  const link = linkOf(location);
  const arrived = location.pathname + location.search;
  const arrival = performance.getEntriesByType("navigation")[0]?.type ?? "navigate";
  scene = new Scene(
    sceneOf(location),
    navigation.intents,
    render,
    reportProblem,
    () => showSignIn("Your session ended; sign in again."),
  );
  await scene.load();
  if (link && arrival === "navigate" && arrived !== addressOf(scene.state, scene.name)) {
    // A refused link leaves the scene, and the address bar that shows it, as they were.
    await scene.intent("open", link, "load", (error) =>
      alertUser(`This link could not be opened, so the page shows where you left off: ${error.message}`),
    );
  }
  scene.follow();
  changes = new CatalogChanges(followCatalog, () => showSignIn("Your session ended; sign in again."));
  changes.follow();
}

/** Stops the long-polls of the scene and of the catalog's changes. */
function stop() {
  scene?.stop();
  changes?.stop();
  changes = null;
}

// A long-poll left running when the page goes away would hold one of the browser's six connections to the server
// until its wait is up, and a few reloads would leave the next page waiting for a connection.
addEventListener("pagehide", stop);

/**
 * Reads again what the page shows when the catalog changes name one of the entries it shows (`uuids`; `null` when
 * anything may have changed): the scene restored again (an entry merged away is repaired to the one that stays, and
 * the status says so), its lists and its detail.
 */
function followCatalog(uuids) {
  if (!scene?.state) return;
  if (uuids && !shownEntries().some((uuid) => uuids.has(uuid))) return;
  detail.shown = undefined;
  content.sidebar = undefined;
  scene.reload();
}

/** The options of the page's columns (their routes in `dataset.route`). */
function shownOptions() {
  return [...document.querySelectorAll('#app [role="option"]')];
}

/** The uuids the page shows: in its scene's routes and in every option of its columns. */
function shownEntries() {
  const { sidebar, content: selected, detail: root, stack } = scene.state;
  const options = shownOptions().map((item) => item.dataset.route);
  return [sidebar, selected, root, ...stack, ...options]
    .filter(Boolean)
    .map((route) => route.slice(route.lastIndexOf("/") + 1));
}

/** Fills the sidebar with `sections` (`[{route, title}]`); the first is where clearing a search goes at first. */
function showSections(sections) {
  $("sidebar-list").replaceChildren(...sections.map(({ route, title }) => option(route, title)));
  sectionBeforeSearch ??= sections[0]?.route ?? null;
}

/** Shows `state`; the address bar gets its link, a new history entry unless the state came from back or forward. */
function render(state, how) {
  const address = addressOf(state, scene.name);
  const entry = { position: state.history.position };
  if (how === "history" || how === "load" || address === location.pathname + location.search) {
    history.replaceState(entry, "", address);
  } else {
    history.pushState(entry, "", address);
  }
  announce(state, how);
  document.title = titleOf(state);
  const app = $("app");
  app.dataset.layout = String(state.layout);
  app.dataset.visibility = state.visibility;
  app.dataset.compactColumn = state.compactColumn;
  const sidebarHidden = state.visibility === "doubleColumn" || state.visibility === "detailOnly";
  $("toggle-sidebar").textContent = sidebarHidden ? "Show sidebar" : "Hide sidebar";
  $("toggle-sidebar").setAttribute("aria-expanded", String(!sidebarHidden));
  $("compact-back").disabled = state.compactColumn === "sidebar";
  select($("sidebar-list"), state.sidebar);
  const searched = followSearch(state.sidebar);
  const listed = state.layout === 3 ? state.sidebar : null;
  const shown = content.show(listed, state.contentLists, state.titles.sidebar, state.content, searched);
  editing.show(state);
  shownTitles = titlesOf(state);
  Promise.all([shown, detail.show(state, page)]).then(() => {
    app.dataset.renderedEtag = scene.etag ?? "";
    if (!performance.getEntriesByName("columns-rendered").length) performance.mark("columns-rendered");
  });
}

/**
 * Keeps the search box on the search shown, and remembers the section shown before it; returns the searched text,
 * undefined when the sidebar shows no search.
 */
function followSearch(sidebar) {
  const prefix = navigation.searchRoute;
  const searched = sidebar?.startsWith(prefix) ? sidebar.slice(prefix.length) : undefined;
  if (searched === undefined) {
    if (sidebar) sectionBeforeSearch = sidebar;
  } else if (document.activeElement !== $("search-text")) {
    $("search-text").value = searched;
  }
  return searched;
}

/** Empties the search box and shows the section shown before the search. */
function clearSearch() {
  $("search-text").value = "";
  $("search-text").focus();
  scene?.intent("select-sidebar", sectionBeforeSearch);
}

/**
 * The repairs the status last told of: a restore follows a merge (and reports it) until the scene is saved again, so
 * a scene loaded again (after an edit, or a change of the catalog) tells of the same repairs only once.
 */
let toldRepairs = "[]";

/** Tells the user about a new state: a refused choice in the alert region, the rest as a status. */
function announce(state, how) {
  const repairs = JSON.stringify(state.repairs);
  const told = repairs === toldRepairs;
  toldRepairs = repairs;
  if (how === "refused") {
    alertUser("This scene was changed in another window or device first: it shows that state now, and your choice was not applied.");
  } else if (how === "intent" || how === "history") {
    // The user moved on: an earlier problem no longer concerns what is shown.
    alertUser("");
  }
  if (how === "remote") {
    say("Updated from another window or device.");
  } else if (state.repairs.length) {
    if (!told) say(state.repairs.map((repair) => describeRepair(repair, titlesOf(state))).join("; "));
  } else if (how !== "load") {
    say("");
  }
}

/** The titles of `state`'s routes, by route. */
function titlesOf(state) {
  const { sidebar, content, detail, stack } = state.titles;
  const routes = [state.sidebar, state.content, state.detail, ...state.stack];
  return new Map(routes.map((route, index) => [route, [sidebar, content, detail, ...stack][index]]));
}

/**
 * A repair in words: an entry merged into another by the names the page showed ("Twain, Mark was merged into Mark
 * Twain"), the others by the route and the reason.
 */
function describeRepair(repair, titles) {
  if (!repair.mergedInto) return `${repair.storedValue ?? repair.element}: ${repair.reason}`;
  const listed = shownOptions().find((item) => item.dataset.route === repair.storedValue);
  const merged = shownTitles.get(repair.storedValue) ?? listed?.querySelector(".label")?.textContent ?? repair.storedValue;
  return `${merged} was merged into ${titles.get(repair.mergedInto) ?? repair.mergedInto}`;
}

/** The tab's title: the entry on top (the detail stack's top, else the detail, the content selection, the section). */
function titleOf(state) {
  const { stack, detail, content, sidebar } = state.titles;
  const onTop = stack.at(-1) ?? detail ?? content ?? sidebar;
  return onTop ? `${onTop} — ${appName}` : appName;
}

/** Back and forward move through the scene's history on the server, one step at a time. */
async function followHistory(event) {
  const target = event.state?.position;
  if (!scene || typeof target !== "number") return;
  while (scene.state.history.position !== target) {
    const step = target < scene.state.history.position ? "back" : "forward";
    const before = scene.state.history.position;
    await scene.intent(step, undefined, "history");
    if (scene.state.history.position === before) break;
  }
}

// MARK: The two-column pages

function paragraph(text) {
  const node = document.createElement("p");
  node.textContent = text;
  return node;
}

function page(kind) {
  if (kind === "about") {
    return [
      paragraph("A library catalog of books, authors, genres and bands, served by catalog serve."),
      paragraph("Every choice is saved as a navigation intent of your scene, so this view reopens where you left it in any browser and in catalog browse."),
    ];
  }
  const choices = document.createElement("ul");
  choices.setAttribute("role", "listbox");
  choices.setAttribute("aria-label", "Column visibility");
  for (const value of scene.values("visibility")) choices.append(option(value, visibilityLabels[value] ?? value));
  listbox(choices, (value) => scene.intent("visibility", value));
  select(choices, scene.state.visibility);
  return [paragraph(`Signed in as ${signedInAs}, scene ${scene.name}.`), paragraph("Column visibility:"), choices];
}

// MARK: Wiring

function setUp() {
  listbox($("sidebar-list"), (route) => scene?.intent("select-sidebar", route));
  listbox($("content-list"), (route) => scene?.intent("select-content", route));
  content = new ContentColumn(
    {
      scroller: $("content"),
      list: $("content-list"),
      title: $("content-title"),
      total: $("content-total"),
      more: $("content-more"),
      empty: $("content-empty"),
      emptyText: $("content-empty-text"),
      clearSearch: $("clear-search"),
    },
    reportProblem,
  );
  $("clear-search").addEventListener("click", clearSearch);
  detail = new DetailColumn($("breadcrumb-list"), $("detail-title"), $("detail-body"), (name, argument) => scene?.intent(name, argument), reportProblem);
  editing = new EditPanel($("edit-bar"), $("editor"), $("detail-body"), {
    reload: () => {
      detail.shown = undefined; // the entry shown changed: read it again
      return scene?.reload();
    },
    open: (route) => scene?.intent("show-detail", route),
    onError: reportProblem,
    say,
  });
  $("sign-in").addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", signOut);
  $("alert-dismiss").addEventListener("click", () => alertUser(""));
  $("compact-back").addEventListener("click", () => scene?.intent("compact-back"));
  $("toggle-sidebar").addEventListener("click", () => {
    const hidden = ["doubleColumn", "detailOnly"].includes(scene?.state.visibility);
    scene?.intent("visibility", hidden ? "all" : "doubleColumn");
  });
  $("search").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("search-text").value.trim();
    if (text && navigation) scene?.intent("select-sidebar", navigation.searchRoute + text);
  });
  window.addEventListener("popstate", followHistory);
  start();
}

setUp();
