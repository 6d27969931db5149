import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_SERVER_ADDRESS, ATTR_URL_FULL } from '@opentelemetry/semantic-conventions';
import { carrierOf, endFailed, startHopSpan, type TraceCarrier } from '@platform/tracing';
import type { JsonPost } from './json-post.js';

const CLIENT_SPAN = { kind: SpanKind.CLIENT };

/**
 * One outbound call as a client span, its context sent to the party as `traceparent` (`call` gets
 * the headers to add; none while tracing is off). The span ends with the response's status, before a
 * streamed body is read. The URL is kept without its query: some parties take a key there.
 */
export async function tracedCall<T extends { status: number }>(party: string, method: string, url: string, call: (trace: TraceCarrier | undefined) => Promise<T>): Promise<T> {
  const span = startHopSpan(method, CLIENT_SPAN);
  if (span.isRecording()) {
    const target = new URL(url);
    span.setAttributes({ [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_FULL]: `${target.origin}${target.pathname}`, [ATTR_SERVER_ADDRESS]: target.hostname, 'peer.service': party });
  }
  try {
    const answer = await call(carrierOf(span));
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.status);
    if (answer.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    return answer;
  } catch (error) {
    endFailed(span, error);
    throw error;
  }
}

/** `init.headers` with the trace context added, in whichever of fetch's three header shapes it came. */
export function withTraceHeaders(headers: RequestInit['headers'], trace: TraceCarrier | undefined): RequestInit['headers'] {
  if (!trace) return headers;
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(trace)) merged.set(name, value);
  return merged;
}

/** withTraceHeaders for a JSON post (json-post.ts). */
export function postWithTrace(post: JsonPost, trace: TraceCarrier | undefined): JsonPost {
  return trace ? { ...post, headers: { ...post.headers, ...trace } } : post;
}
