/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { MEDIA_MESSAGES } from '@contracts/media/media-messages.js';
import { streamCreationMessage } from '@contracts/media/stream-ownership.js';
import type { Eip1193Provider } from '../session/wallet-sign-in.js';
import { createStream, GATE_HINT } from './create-stream.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const NOW = 1_795_000_000_500;

function wallet() {
  const request = jest.fn(async ({ method }: { method: string; params?: unknown[] }) => (method === 'eth_requestAccounts' ? [ADDRESS] : '0xsigned'));
  return { provider: { request } as Eip1193Provider, request };
}

/** jsdom has no Response: the part api-client reads. */
const answer = (status: number, body: unknown) => jest.fn(async () => ({ ok: status < 300, status, json: async () => body }));

describe('createStream', () => {
  afterEach(() => jest.restoreAllMocks());

  it('signs the stream creation message for this host and sends it with the name', async () => {
    const fetch = answer(200, { success: true });
    global.fetch = fetch as unknown as typeof global.fetch;
    const { provider, request } = wallet();
    await createStream(provider, ' Night Shift ', NOW);
    expect(request).toHaveBeenCalledWith({ method: 'personal_sign', params: [streamCreationMessage(window.location.host, ADDRESS, 1_795_000_000), ADDRESS] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/radio/streams');
    expect(JSON.parse(init.body as string)).toEqual({ wallet: ADDRESS, signature: '0xsigned', issuedAt: 1_795_000_000, name: 'Night Shift' });
  });

  it('leaves an empty name out, so the API names the DJ', async () => {
    const fetch = answer(200, { success: true });
    global.fetch = fetch as unknown as typeof global.fetch;
    await createStream(wallet().provider, '', NOW);
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).not.toHaveProperty('name');
  });

  it('explains the gate\'s 403 with how many tokens are needed', async () => {
    global.fetch = answer(403, { error: MEDIA_MESSAGES.insufficientGateToken }) as unknown as typeof global.fetch;
    await expect(createStream(wallet().provider, '', NOW)).rejects.toThrow(`${MEDIA_MESSAGES.insufficientGateToken}. ${GATE_HINT}`);
  });

  it('passes another refusal on in the API\'s words', async () => {
    global.fetch = answer(400, { error: MEDIA_MESSAGES.walletSignatureExpired }) as unknown as typeof global.fetch;
    await expect(createStream(wallet().provider, '', NOW)).rejects.toThrow(MEDIA_MESSAGES.walletSignatureExpired);
  });
});
