import type { Context } from '@opentelemetry/api';

/** A reply as NATS carries it (Nest's packet): the answer, or the error the handler failed with. */
export interface ReplyPacket {
  response?: unknown;
  err?: unknown;
}

/** Answers one request inside this process: the data as it would arrive over NATS, and the caller's trace context. */
export type InProcessHandler = (data: unknown, parent: Context) => Promise<ReplyPacket>;

/**
 * Handlers that answer callers in their own process without NATS, by wire subject (the prefix
 * included, so two platforms sharing a process, as tests do, stay apart). Only a service started
 * with `answerInProcess` puts its handlers here: one process hosting the gateway and ai-gateway
 * (GATEWAY_HOSTS), so a chat makes no NATS hop. Every other request goes over NATS as before, and the
 * hosted service still answers other processes over NATS in its queue group.
 */
const handlers = new Map<string, InProcessHandler>();

export const inProcessHandlers = {
  add(subject: string, handler: InProcessHandler): void {
    handlers.set(subject, handler);
  },
  remove(subject: string, handler: InProcessHandler): void {
    if (handlers.get(subject) === handler) handlers.delete(subject);
  },
  of(subject: string): InProcessHandler | undefined {
    return handlers.get(subject);
  },
};

/** What crossing NATS does to a value (JSON and back), so a caller and a handler never share an object. */
export function wireCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
