import { STREAM_GATE_MIN_TOKENS } from '@contracts/media/media-limits.js';
import type { CreatedStreamView } from '@contracts/media/radio-views.js';
import { streamCreationMessage } from '@contracts/media/stream-ownership.js';
import { api } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import type { Eip1193Provider } from '../session/wallet-sign-in.js';

/** What the gate's 403 means for the person holding the wallet. */
export const GATE_HINT = `The wallet must hold at least ${Number(STREAM_GATE_MIN_TOKENS).toLocaleString('en')} of the gate token on the base network to go live.`;

/**
 * POST /api/radio/streams (4.6, docs/media.md): no session, the wallet's personal_sign of the stream
 * creation message for this host, good for 5 minutes and one stream.
 */
export async function createStream(wallet: Eip1193Provider, name: string, now = Date.now()): Promise<CreatedStreamView> {
  const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  if (!address) throw new Error('The wallet did not share an account.');
  const issuedAt = Math.floor(now / 1000);
  const signature = (await wallet.request({ method: 'personal_sign', params: [streamCreationMessage(window.location.host, address, issuedAt), address] })) as string;
  try {
    return await api<CreatedStreamView>('POST', '/api/radio/streams', { wallet: address, signature, issuedAt, ...(name.trim() ? { name: name.trim() } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new ApiError(`${error.message}. ${GATE_HINT}`, 403, error.code);
    throw error;
  }
}
