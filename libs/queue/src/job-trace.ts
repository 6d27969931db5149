import { SpanKind } from '@opentelemetry/api';
import type { Job } from 'bullmq';
import { JOB_TRACE_FIELD, type QueueName } from '@platform/contracts';
import {
  ATTR_MESSAGING_DESTINATION_NAME, ATTR_MESSAGING_MESSAGE_ID, ATTR_MESSAGING_SYSTEM, carrierOf, contextFrom, endFailed, startHopSpan, withSpan, type TraceCarrier,
} from '@platform/tracing';

const PRODUCER_SPAN = { kind: SpanKind.PRODUCER };
const CONSUMER_SPAN = { kind: SpanKind.CONSUMER };

const attributes = (name: QueueName) => ({ [ATTR_MESSAGING_SYSTEM]: 'bullmq', [ATTR_MESSAGING_DESTINATION_NAME]: name });

/**
 * Enqueues inside a producer span whose context rides in the job's data, so the job's work joins the
 * trace of the request that asked for it. Untraced (tracing off) the data is left as it was.
 */
export async function enqueueTraced(name: QueueName, payload: object, enqueue: (data: object) => Promise<unknown>): Promise<void> {
  const span = startHopSpan(`send ${name}`, PRODUCER_SPAN);
  const trace = carrierOf(span);
  if (span.isRecording()) span.setAttributes(attributes(name));
  try {
    await enqueue(trace ? { ...payload, [JOB_TRACE_FIELD]: trace } : payload);
    span.end();
  } catch (error) {
    endFailed(span, error);
    throw error;
  }
}

/**
 * Works a job inside a consumer span under the trace its data carries, with that field taken off
 * first: a payload is held to its class as it was enqueued. A job no request enqueued (a scheduler's
 * tick, every few seconds per agent) starts no trace of its own.
 */
export async function workTraced(name: QueueName, job: Job, work: (data: unknown) => Promise<void>): Promise<void> {
  const { [JOB_TRACE_FIELD]: carrier, ...data } = (job.data ?? {}) as Record<string, unknown> & { [JOB_TRACE_FIELD]?: TraceCarrier };
  if (!carrier) return work(job.data);
  const parent = contextFrom(carrier);
  const span = startHopSpan(`process ${name}`, CONSUMER_SPAN, parent);
  if (span.isRecording()) span.setAttributes({ ...attributes(name), [ATTR_MESSAGING_MESSAGE_ID]: String(job.id) });
  try {
    await withSpan(span, parent, () => work(data));
    span.end();
  } catch (error) {
    // One span per attempt: a retried job shows each failure in its trace.
    endFailed(span, error);
    throw error;
  }
}
