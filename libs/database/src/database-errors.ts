/** Socket errors: the server is not there, or went away mid-conversation. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), shutting down or
 * crashed (57P01, 57P02), still starting or recovering (57P03), out of connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and its pool say when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/**
 * Whether an error means the database cannot be reached, as opposed to a query it refused. Only
 * the first is an outage (503, retry later); the second is a bug or a conflict, handled as such.
 * TypeORM wraps driver errors in QueryFailedError with the original as `driverError`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, driverError } = error as { code?: unknown; message?: unknown; driverError?: unknown };
  if (driverError && isDatabaseUnavailable(driverError)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
