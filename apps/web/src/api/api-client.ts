import { ApiError, NETWORK_ERROR, toApiError } from './api-error.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Fetch against the public web-surface API on this origin. The session cookie rides along
 * (same-origin), and the browser's Sec-Fetch-Site: same-origin satisfies the gateway's CSRF check
 * (services/gateway/src/security/cross-site.ts), so no token is handled here.
 */
export async function request(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  return response;
}

export async function api<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await request(method, path, body, signal);
  return (response.status === 204 ? undefined : await response.json().catch(() => undefined)) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal): Promise<T> => api<T>('GET', path, undefined, signal);
