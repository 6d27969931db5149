import { QueryFailedError } from 'typeorm';

/** Socket errors: the server is not there, or went away mid-conversation. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception) but for 08P01, a
 * protocol violation that is our bug; shutting down or crashed (57P01, 57P02); still starting or
 * recovering (57P03); out of connections (53300).
 */
const UNAVAILABLE_STATES = /^(08(?!P01)...|57P0[123]|53300)$/;

/** What node-postgres says when a connection dies, or cannot be opened in time. */
const UNREACHABLE_MESSAGES = /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable/i;

/**
 * TypeORM's, when the connection under a transaction died and it released its query runner: the
 * next query of that transaction finds it gone.
 */
const RELEASED_RUNNER = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/** node-postgres's pool, when every connection stayed busy for connectionTimeoutMillis: load, not an outage. */
const POOL_EXHAUSTED = /timeout exceeded when trying to connect/i;

/**
 * Why a database call failed, when it is not the query's fault: `unreachable` (the server is down,
 * restarting or cut off: an outage), or `busy` (every pooled connection stayed in use: load). Any
 * other failure (undefined) is a query the database refused: a bug or a conflict, handled as such.
 * TypeORM wraps driver errors in QueryFailedError with the original as `driverError`.
 */
export function databaseFailure(error: unknown): 'unreachable' | 'busy' | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message, name, driverError } = error as { code?: unknown; message?: unknown; name?: unknown; driverError?: unknown };
  if (driverError) {
    const cause = databaseFailure(driverError);
    if (cause) return cause;
  }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return 'unreachable';
  if (typeof name === 'string' && RELEASED_RUNNER.has(name)) return 'unreachable';
  if (typeof message !== 'string') return undefined;
  if (UNREACHABLE_MESSAGES.test(message)) return 'unreachable';
  return POOL_EXHAUSTED.test(message) ? 'busy' : undefined;
}

const UNIQUE_VIOLATION = '23505';

/** Whether the database refused a write for a unique index: `constraint` narrows it to that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const cause = error.driverError as { code?: string; constraint?: string };
  return cause.code === UNIQUE_VIOLATION && (constraint === undefined || cause.constraint === constraint);
}
