import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { TextMapGetter } from '@opentelemetry/api';
import { SAMPLED_OUT_CARRIER, type TraceCarrier } from '@platform/tracing';
import { PROGRESS_HEADER, PROGRESS_HEADERS } from './rpc-progress.js';

/**
 * A request's NATS headers: the progress request every RpcClient call makes, and the caller's trace
 * context (W3C `traceparent`) when it has one. Headers rather than the envelope: service-to-service
 * queries carry plain data, not an envelope, and a handler's payload stays what its class validates.
 */
export function requestHeaders(trace: TraceCarrier | undefined): MsgHdrs {
  if (!trace) return PROGRESS_HEADERS;
  if (trace === SAMPLED_OUT_CARRIER) return SAMPLED_OUT_HEADERS;
  return headersOf(trace);
}

/** The headers of every request in the edge's one sampled-out trace (root-sampling.ts), built once. */
const SAMPLED_OUT_HEADERS = headersOf(SAMPLED_OUT_CARRIER);

function headersOf(trace: TraceCarrier): MsgHdrs {
  const traced = headers();
  traced.set(PROGRESS_HEADER, '1');
  for (const [name, value] of Object.entries(trace)) traced.set(name, value);
  return traced;
}

/** Reads a trace context out of a received message's headers (none on a plain `nats.request`). */
export const NATS_HEADERS_GETTER: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => carrier?.keys() ?? [],
  get: (carrier, key) => (carrier?.has(key) ? carrier.get(key) : undefined),
};
