import type { Envelope, Reply } from './envelope.js';

/**
 * A streamed answer crosses NATS as one message per chunk, published to an inbox the requester
 * subscribed before asking (Envelope.streamInbox). Each message carries its kind and, for all
 * but heartbeats, a sequence number from 0 in headers; the body is the chunk's bytes as is.
 */
export const STREAM_HEADERS = {
  kind: 'Platform-Stream-Kind',
  seq: 'Platform-Stream-Seq',
} as const;

/**
 * chunk: one piece of the answer. end: the answer is complete. error: the answer broke off; the
 * body says why. beat: the producer is alive while it has nothing to send.
 */
export const STREAM_KINDS = ['chunk', 'end', 'error', 'beat'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** Requesters name inboxes only (NATS's `_INBOX.` subjects), so a request cannot aim a stream at a service's subject. */
export const isStreamInbox = (subject: string): boolean => /^_INBOX\.[A-Za-z0-9]+$/.test(subject);

/** The inbox to stream a body's answer to: when the body asks for a stream and the edge opened one (a route that streams). */
export function streamInboxOf(envelope: Envelope, asked: boolean | undefined): string | undefined {
  const inbox = envelope.streamInbox;
  return asked && inbox && isStreamInbox(inbox) ? inbox : undefined;
}

/** The requester publishes here (empty body) to stop a stream it no longer reads. */
export const streamCancelSubject = (inbox: string): string => `${inbox}.cancel`;

/** How often a producer with nothing to send says it is alive. */
export const STREAM_BEAT_MS = 1000;

/** A stream silent this long (three beats missed) is over: its producer is gone. */
export const STREAM_SILENCE_MS = 3 * STREAM_BEAT_MS;

/** The header of the reply that says the answer follows on the stream inbox rather than in the reply. */
export const STREAM_STARTED_HEADER = 'x-platform-stream';

export function streamStarted(): Reply {
  return { status: 200, headers: { [STREAM_STARTED_HEADER]: '1' } };
}

export function isStreamStarted(reply: Reply): boolean {
  return reply.headers?.[STREAM_STARTED_HEADER] === '1';
}
