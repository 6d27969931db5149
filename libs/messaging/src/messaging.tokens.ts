export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

export interface MessagingOptions {
  natsUrl: string;
  /** NATS_PREFIX: prepended to every subject and to the event stream's name. */
  prefix: string;
  /** Names this service's durable consumers and its queue group. */
  serviceName: string;
  requestTimeoutMs: number;
  /** How long a request may go without a progress report before it fails (DEFAULT_SILENCE_MS). */
  silenceMs?: number;
}
