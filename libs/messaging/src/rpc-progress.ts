import { headers, type Msg, type MsgHdrs } from '@nats-io/transport-node';

/**
 * A caller that can tell progress from an answer (RpcClient) asks for it with this header on its
 * request; a handler still working then sends it an empty message carrying the same header every
 * PROGRESS_INTERVAL_MS. A caller that hears nothing for a few intervals knows the replica holding
 * its request is gone (killed, cut off, frozen) and fails at once instead of waiting out a route
 * timeout of up to 100 s. Requesters that do not ask (a plain `nats.request`, the CLI) get none, so
 * they never take a progress message for the answer.
 */
export const PROGRESS_HEADER = 'Platform-Progress';

export const PROGRESS_INTERVAL_MS = 1000;

/** A handler that never answers stops reporting progress after this, so it cannot beat forever. */
export const PROGRESS_LIMIT_MS = 10 * 60_000;

function progressHeaders(): MsgHdrs {
  const progress = headers();
  progress.set(PROGRESS_HEADER, '1');
  return progress;
}

/** Built once: both the request asking for progress and each progress message carry exactly this. */
export const PROGRESS_HEADERS = progressHeaders();

export function wantsProgress(message: Msg): boolean {
  return message.headers?.get(PROGRESS_HEADER) === '1';
}

export function isProgress(message: Msg): boolean {
  return message.data.length === 0 && wantsProgress(message);
}

/** NATS's own answer when nobody subscribes to the subject: an empty message with status 503. */
export function isNoResponders(message: Msg): boolean {
  return message.data.length === 0 && message.headers?.code === 503;
}
