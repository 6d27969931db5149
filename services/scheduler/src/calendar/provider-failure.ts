import { ApiError, CALENDAR_MESSAGES as M } from '@platform/contracts';

/** What the SDK's errors (GaxiosError) carry that is safe to read: the status and the OAuth error code, never the request. */
interface ProviderErrorLike {
  status?: number;
  response?: { status?: number; data?: { error?: unknown } };
}

export function providerStatus(error: unknown): number | undefined {
  const failure = error as ProviderErrorLike | null;
  return failure?.response?.status ?? failure?.status;
}

/**
 * The provider's refusal in the spec's terms: a refresh token it no longer honours (or a 401 after
 * the refresh) is 401 not connected; an event it does not have is 404; anything else is 500 (4.3).
 */
export function providerFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = providerStatus(error);
  const oauthError = (error as ProviderErrorLike | null)?.response?.data?.error;
  if (status === 401 || oauthError === 'invalid_grant') return new ApiError(401, M.notConnected);
  if (status === 404 || status === 410) return new ApiError(404, M.eventNotFound);
  return new ApiError(500, M.providerFailed);
}
