// The user's scene on the server: every selection is an intent POSTed with the ETag of the state it was made on
// (If-Match); the page shows the state the server answers. A 412 means another window changed the scene first: the
// page takes the server's state and says so. A long-poll (wait + If-None-Match) brings changes made elsewhere.

import { Problem, body, longPollSeconds, repeatPolling, send } from "./api.js";

export class Scene {
  /**
   * `intents` are those the API offers (`[{name, values}]`); `show(state, how)` renders a state; `how` is "intent",
   * "history", "remote" or "refused".
   */
  constructor(name, intents, show, onProblem, onSignedOut) {
    Object.assign(this, { name, show, onProblem, onSignedOut });
    this.intents = new Map(intents.map((intent) => [intent.name, intent]));
    this.path = `/v1/me/scenes/${encodeURIComponent(name)}`;
    this.state = null;
    this.etag = null;
    this.version = 0;
    this.queue = Promise.resolve();
    this.controller = new AbortController();
  }

  /** Loads the scene as the server restores it. */
  async load() {
    const response = await send("GET", this.path);
    const state = await body(response);
    this.accept(state, response.headers.get("ETag"), "load");
  }

  /** Loads the scene again after the intents already sent (a change of the catalog may have repaired it). */
  reload() {
    this.queue = this.queue.then(() => this.load()).catch((error) => this.failed(error, this.onProblem));
    return this.queue;
  }

  /**
   * Sends the intent `name` (with `argument`) after those already sent; resolves when its answer is shown. A refusal
   * goes to `onProblem`, or to `onRefused` when given.
   */
  intent(name, argument, how = "intent", onRefused = this.onProblem) {
    if (!this.intents.has(name)) {
      onRefused(new Error(`The catalog server offers no intent “${name}”.`));
      return this.queue;
    }
    this.queue = this.queue
      .then(() => this.post(name, argument, how))
      .catch((error) => this.failed(error, onRefused));
    return this.queue;
  }

  /** The values the argument of the intent `name` takes, as the API lists them (none when it lists none). */
  values(name) {
    return this.intents.get(name)?.values ?? [];
  }

  async post(name, argument, how) {
    const response = await send("POST", `${this.path}/intents`, {
      body: argument === undefined ? { intent: name } : { intent: name, argument },
      headers: this.etag ? { "If-Match": this.etag } : {},
    });
    if (response.status === 412) {
      const refused = await response.json();
      this.accept(refused.scene, response.headers.get("ETag"), "refused");
      return false;
    }
    this.accept(await body(response), response.headers.get("ETag"), how);
    return true;
  }

  accept(state, etag, how) {
    this.state = state;
    this.etag = etag;
    this.version += 1;
    this.show(state, how);
  }

  failed(error, onRefused) {
    if (error instanceof Problem && error.status === 401) return this.onSignedOut(error);
    onRefused(error);
  }

  /** Follows the scene until `stop()`: each answer of the long-poll that changed it is shown. */
  async follow() {
    const signal = this.controller.signal;
    await repeatPolling(
      signal,
      async () => {
        const version = this.version;
        const response = await send("GET", `${this.path}?wait=${longPollSeconds}`, {
          headers: { "If-None-Match": this.etag },
          signal,
        });
        if (response.status === 304) return;
        const state = await body(response);
        const etag = response.headers.get("ETag");
        // An answer read before this page's own intent was shown is older than what is shown: ask again.
        if (version === this.version && etag !== this.etag) this.accept(state, etag, "remote");
      },
      this.onSignedOut,
    );
  }

  stop() {
    this.controller.abort();
  }
}
