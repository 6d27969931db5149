import { headers, type Msg, type MsgHdrs } from '@nats-io/transport-node';

/**
 * A handler still working tells its caller so every PROGRESS_INTERVAL_MS with an empty message
 * carrying this header on the reply subject. A caller that hears nothing for a few intervals knows
 * the replica holding its request is gone (killed, disconnected, frozen) and fails at once, instead
 * of waiting out a route timeout of up to 100 s.
 */
export const PROGRESS_HEADER = 'Platform-Progress';

export const PROGRESS_INTERVAL_MS = 1000;

/** A handler that never answers stops reporting progress after this, so it cannot beat forever. */
export const PROGRESS_LIMIT_MS = 10 * 60_000;

export function progressHeaders(): MsgHdrs {
  const progress = headers();
  progress.set(PROGRESS_HEADER, '1');
  return progress;
}

export function isProgress(message: Msg): boolean {
  return message.data.length === 0 && message.headers?.get(PROGRESS_HEADER) === '1';
}

/** NATS's own answer when nobody subscribes to the subject: an empty message with status 503. */
export function isNoResponders(message: Msg): boolean {
  return message.data.length === 0 && message.headers?.code === 503;
}
