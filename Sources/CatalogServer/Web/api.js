// Requests to the catalog's HTTP API: JSON in and out, the session's CSRF token on every request that changes
// state, and problem answers (application/problem+json) turned into errors that keep their code and detail.

let csrfToken = null;

/** Remembers the CSRF token of the signed-in session (in memory only). */
export function useCSRFToken(token) {
  csrfToken = token;
}

/** An error answer of the API: its status, its stable code, its sentence, and the whole body. */
export class Problem extends Error {
  constructor(status, body) {
    super(body.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || "";
    this.body = body;
  }
}

/** Sends a request; resolves to the Response whatever its status (the caller decides). */
export function send(method, path, { body, headers = {}, signal } = {}) {
  const fields = { Accept: "application/json", ...headers };
  if (body !== undefined) fields["Content-Type"] = "application/json";
  if (method !== "GET" && csrfToken) fields["X-CSRF-Token"] = csrfToken;
  return fetch(path, {
    method,
    headers: fields,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    cache: "no-store",
    signal,
  });
}

/** The JSON body of a successful response, or a Problem. */
export async function body(response) {
  if (response.ok) return response.status === 204 ? null : response.json();
  let details = {};
  try {
    details = await response.json();
  } catch {
    details = { detail: `HTTP ${response.status}` };
  }
  throw new Problem(response.status, details);
}

/** GET path as JSON. */
export async function get(path, options) {
  return body(await send("GET", path, options));
}

/** How long a long-poll asks the server to hold it (`wait=`), in seconds. */
export const longPollSeconds = 25;

const retryDelay = 2000;

/**
 * Runs `poll` (one long-poll) again and again until `signal` aborts. A 401 ends it and goes to `onSignedOut`; any
 * other failure goes to `recover`, which answers whether it handled it, else the next poll waits a little first.
 */
export async function repeatPolling(signal, poll, onSignedOut, recover = () => false) {
  while (!signal.aborted) {
    try {
      await poll();
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof Problem && error.status === 401) return onSignedOut(error);
      if (!recover(error)) await new Promise((resolve) => setTimeout(resolve, retryDelay));
    }
  }
}
