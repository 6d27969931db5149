/** An API answer other than success, in words a person can act on (never the raw JSON). */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to say when the body carries no words of its own. */
const BY_STATUS: Record<number, string> = {
  400: 'The request was not accepted. Check the form and try again.',
  401: 'Please sign in to continue.',
  402: 'This needs a paid plan.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That conflicts with something that already exists.',
  413: 'That is too large to send.',
  429: 'Too many requests. Wait a moment and try again.',
};

const SERVER_TROUBLE = 'The service is unavailable right now. Try again in a moment.';

/**
 * The platform answers errors as `{ error, code? }` with the spec's text; the OpenAI-shaped
 * routes as `{ error: { message } }`. Anything else (an HTML page from a proxy, an empty body)
 * falls back to a sentence for the status.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: unknown } | null)?.error;
  const code = (body as { code?: unknown } | null)?.code;
  const words = typeof error === 'string' ? error
    : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message
      : undefined;
  const message = words?.trim() ? words : (BY_STATUS[status] ?? (status >= 500 ? SERVER_TROUBLE : `Request failed (${status}).`));
  return new ApiError(message, status, typeof code === 'string' ? code : undefined);
}

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** Any thrown value as a sentence for an alert. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return NETWORK_ERROR;
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
