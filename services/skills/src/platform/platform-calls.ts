import { Injectable } from '@nestjs/common';
import { ApiError, UnavailableError, type Envelope, type Subject } from '@platform/contracts';
import { RemoteError, RpcClient, ServiceUnavailableError } from '@platform/messaging';

/**
 * A query the other service refused: 502 to the skill's caller, unless the skill answers some
 * refusals otherwise by `remoteStatus`, the HTTP status that service's error carried.
 */
export class QueryRefusedError extends ApiError {
  constructor(readonly remoteStatus: number | undefined, message: string) {
    super(502, message);
  }
}

/** The part of an envelope a call fills in; the rest is empty, as for a call no browser made. */
export type CallEnvelope = Partial<Pick<Envelope, 'auth' | 'params' | 'query' | 'body' | 'headers' | 'requestId'>>;

/**
 * Other services, asked over NATS. On a route's subject the reply is the route's answer, and a
 * refusal is passed on to the skill's caller as it is (status, words, Retry-After). A service that
 * does not answer is 503, as at the edge; a query it failed is 502 (its words only, nothing internal).
 */
@Injectable()
export class PlatformCalls {
  constructor(private readonly rpc: RpcClient) {}

  async route<T>(subject: Subject, parts: CallEnvelope, timeoutMs?: number): Promise<T> {
    const envelope: Envelope = { auth: null, params: {}, query: {}, body: undefined, headers: {}, ip: '', requestId: '', ...parts };
    const reply = await this.rpc.send<T & { error?: unknown }>(subject, envelope, timeoutMs).catch(failed);
    if (reply.status < 400) return reply.body as T;
    const { error, ...extra } = (reply.body ?? {}) as { error?: unknown };
    throw new ApiError(reply.status, typeof error === 'string' ? error : 'Request failed', extra, reply.headers ?? {});
  }

  query<T>(subject: Subject, data: unknown, timeoutMs?: number): Promise<T> {
    return this.rpc.request<T>(subject, data, timeoutMs).catch(failed);
  }
}

function failed(error: unknown): never {
  if (error instanceof ServiceUnavailableError) throw new UnavailableError();
  if (error instanceof RemoteError) throw new QueryRefusedError(error.status, messageOf(error.remote));
  throw error;
}

/** A query's refusal is `{ status: 'error', message }` (libs/messaging failureOf). */
export function messageOf(remote: unknown): string {
  const message = (remote as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Internal server error';
}
