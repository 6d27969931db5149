/** The answer of a route that does one thing and has nothing else to say (a delete, an uninstall). */
export interface SuccessReply {
  success: true;
}

/** The same for the routes whose spec answers `{ ok: true }` (sign-out, password changes). */
export interface OkReply {
  ok: true;
}

/** A signed webhook accepted (or already handled: the processor may send it again). */
export interface ReceivedReply {
  received: true;
}
