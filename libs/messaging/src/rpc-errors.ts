/**
 * Why a request got no answer. `timeout`: the service kept working past the caller's limit.
 * The others mean nobody can answer now: NATS is down (`disconnected`), nobody listens
 * (`no-responders`), or the replica holding the request stopped reporting progress (`silent`).
 */
export type UnreachableReason = 'disconnected' | 'no-responders' | 'silent' | 'timeout';

/** A service did not answer; the edge answers 503 at once, or 502 after a timeout. */
export class ServiceUnavailableError extends Error {
  constructor(readonly subject: string, readonly reason: UnreachableReason, detail: string) {
    super(`No answer on ${subject} (${reason}): ${detail}`);
  }
}

/** A request bigger than the NATS server takes in one message (its max_payload, 1 MB by default). */
export class PayloadTooLargeError extends Error {
  constructor(readonly subject: string, readonly bytes: number, readonly limit: number) {
    super(`Request on ${subject} is ${bytes} bytes, over the NATS limit of ${limit}`);
  }
}

/** The service answered with an error. It is never data: a query's caller cannot mistake it for an answer. */
export class RemoteError extends Error {
  /** The HTTP status of the refusal (failureOf's `statusCode`, or an error reply's status); undefined when the packet gives none. */
  readonly status: number | undefined;

  constructor(readonly subject: string, readonly remote: unknown) {
    super(`Remote error on ${subject}: ${JSON.stringify(remote)}`);
    this.status = statusOf(remote);
  }
}

function statusOf(remote: unknown): number | undefined {
  if (remote === null || typeof remote !== 'object') return undefined;
  const { statusCode, status } = remote as { statusCode?: unknown; status?: unknown };
  if (typeof statusCode === 'number') return statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** A query answered with an HTTP error reply is an error, whatever the handler meant. */
export function isErrorReply(response: unknown): boolean {
  if (response === null || typeof response !== 'object') return false;
  const { status } = response as { status?: unknown };
  return typeof status === 'number' && status >= 400 && 'body' in response;
}
