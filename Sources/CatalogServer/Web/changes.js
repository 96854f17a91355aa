// The catalog's change feed, followed while the page is open: a long-poll of GET /v1/changes from the high-water
// mark GET /v1/health gives, so an edit, a delete or a merge made by anyone else reaches the page as soon as it is
// committed. The page is told which entries the changes name (a merge names both the entry merged away and the one
// that stays) and reads again only what it shows of them.

import { Problem, body, get, longPollSeconds, repeatPolling, send } from "./api.js";

/** Changes read at once; more are read at once after them. */
const batchSize = 1000;

export class CatalogChanges {
  /**
   * `onChange(uuids)` gets the set of entry uuids each batch of changes names (`null`: the changes could not be
   * read, anything may have changed); `onSignedOut` gets a 401.
   */
  constructor(onChange, onSignedOut) {
    Object.assign(this, { onChange, onSignedOut });
    this.controller = new AbortController();
  }

  /** Follows the feed until `stop()`. */
  async follow() {
    const signal = this.controller.signal;
    let since = null;
    const poll = async () => {
      since ??= (await get("/v1/health", { signal })).lastSeq;
      const response = await send("GET", `/v1/changes?since=${since}&limit=${batchSize}&wait=${longPollSeconds}`, {
        signal,
      });
      if (!response.ok) await body(response); // throws its problem
      const lines = (await response.text()).split("\n").filter((line) => line.trim());
      since = JSON.parse(lines.pop()).last_seq;
      const named = new Set(
        lines.flatMap((line) => {
          const change = JSON.parse(line);
          return change.into ? [change.uuid, change.into] : [change.uuid];
        }),
      );
      if (named.size) this.onChange(named);
    };
    const recover = (error) => {
      if (!(error instanceof Problem && error.code === "behind-horizon")) return false;
      // The changes since the page last looked were pruned: it cannot tell what changed, so anything may have.
      since = null;
      this.onChange(null);
      return true;
    };
    await repeatPolling(signal, poll, this.onSignedOut, recover);
  }

  stop() {
    this.controller.abort();
  }
}
