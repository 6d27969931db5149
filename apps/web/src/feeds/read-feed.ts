import { ApiError, NETWORK_ERROR, toApiError } from '../api/api-error.js';

/** A feed read (4.9): its data, or the 402's challenge, which is an answer to show and not a failure. */
export type FeedRead =
  | { kind: 'data'; feed: string; source: string; data: unknown }
  | { kind: 'payment'; feed: string; challenge: unknown; hint: string };

/**
 * GET /api/datafeeds?feed= by fetch itself rather than api-client, which turns every non-2xx into an
 * error and would drop the 402's body.
 */
export async function readFeed(feed: string, preview: boolean, signal?: AbortSignal): Promise<FeedRead> {
  let response: Response;
  try {
    response = await fetch(`/api/datafeeds?feed=${encodeURIComponent(feed)}${preview ? '&preview=true' : ''}`, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const body = await response.json().catch(() => null) as Record<string, unknown> | null;
  if (response.status === 402 && body) return { kind: 'payment', feed, challenge: body.challenge, hint: String(body.hint ?? '') };
  if (!response.ok || !body) throw toApiError(response.status, body);
  return { kind: 'data', feed, source: String(body.source ?? ''), data: body.data };
}
