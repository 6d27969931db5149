import { USDC } from '@platform/chain';
import { MEDIA_MESSAGES as M, type CreatedStreamView, type LiveDjList } from '@platform/contracts';
import { secretBoxFromKey } from '@platform/secrets';
import { ownerQuery, TestPlatform } from '@platform/testing';
import { fund, newWallet, restartMedia, streamRequest } from '../testing/stream-fixtures.js';
import { StreamKeys } from './stream-keys.js';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['media'] });
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const createStream = (body: unknown) => platform.web().post('/api/radio/streams', body);

const storedStream = async (id: string) => (await ownerQuery(platform.env, 'SELECT * FROM media.streams WHERE id = $1', [id]))[0]!;
const streamsOf = (wallet: string) => ownerQuery(platform.env, 'SELECT id FROM media.streams WHERE wallet = $1', [wallet.toLowerCase()]);

/** A funded wallet's new stream, and the provider's id for it. */
async function liveCandidate(name?: string): Promise<{ created: CreatedStreamView; providerStreamId: string }> {
  const wallet = newWallet();
  await fund(platform, wallet, '1250000');
  const response = await createStream(await streamRequest(wallet, { name }));
  if (response.status !== 200) throw new Error(`create stream: ${response.status} ${JSON.stringify(response.body)}`);
  return { created: response.body, providerStreamId: (await storedStream(response.body.stream.id)).provider_stream_id as string };
}

describe('POST /api/radio/streams', () => {
  it('returns 200 with every field of 4.6 for a wallet holding exactly 1,250,000 gate tokens, the stream stored created', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1250000');

    const response = await createStream(await streamRequest(wallet, { name: 'Night Shift' }));

    expect(response.status).toBe(200);
    const { stream, obsSettings } = response.body as CreatedStreamView;
    expect(response.body).toEqual({
      success: true,
      stream: {
        id: expect.any(String), name: 'Night Shift', wallet: wallet.address.toLowerCase(), streamKey: expect.stringMatching(/^[A-Za-z0-9]{40}$/),
        rtmpUrl: 'rtmps://global-live.mux.com:443/app', fullRtmpUrl: `rtmps://global-live.mux.com:443/app/${stream.streamKey}`,
        playbackId: expect.any(String), status: 'created',
      },
      obsSettings: { server: stream.rtmpUrl, streamKey: stream.streamKey, recommended: { audioBitrate: 160, encoder: 'x264', sampleRate: 48000, channels: 2 } },
    });
    expect(obsSettings.streamKey).toBe(stream.streamKey);
    expect(await storedStream(stream.id)).toMatchObject({ status: 'created', wallet: wallet.address.toLowerCase(), started_at: null });
  });

  it('keeps the stream key sealed: not in the row as text, opening only with the stream\'s context', async () => {
    const { created } = await liveCandidate();
    const row = await storedStream(created.stream.id);

    expect(JSON.stringify(row)).not.toContain(created.stream.streamKey);
    const box = secretBoxFromKey(platform.env.SECRETS_KEY!);
    expect(await box.open(row.stream_key_sealed as string, StreamKeys.context(created.stream.id))).toBe(created.stream.streamKey);
    await expect(box.open(row.stream_key_sealed as string, StreamKeys.context('another'))).rejects.toThrow();
  });

  it('names the DJ `Anonymous DJ` without a name', async () => {
    const { created } = await liveCandidate();
    expect(created.stream.name).toBe('Anonymous DJ');
  });

  it('returns 403 with the balance for a wallet holding 1,249,999 gate tokens, and stores nothing', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1249999');

    const response = await createStream(await streamRequest(wallet));

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: M.insufficientGateToken, balance: '1249999', required: '1250000' });
    expect(await streamsOf(wallet.address)).toEqual([]);
  });

  it('returns 403 for a wallet holding 1,249,999.999999999999999999 (one unit short)', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1249999.999999999999999999');

    expect((await createStream(await streamRequest(wallet))).status).toBe(403);
  });

  it.each([
    ['no body', undefined, M.walletRequired],
    ['no wallet', { signature: '0x00', issuedAt: 1 }, M.walletRequired],
    ['an empty wallet', { wallet: '', signature: '0x00', issuedAt: 1 }, M.walletRequired],
    ['a malformed wallet', { wallet: '0x1234', signature: '0x00', issuedAt: 1 }, M.walletInvalid],
    ['a wallet without its proof', { wallet: '0x1111111111111111111111111111111111111111' }, M.proofRequired],
    ['a signature that is not hex', { wallet: '0x1111111111111111111111111111111111111111', signature: 'hello', issuedAt: 1 }, M.signatureInvalid],
    ['an issuedAt that is not a whole number', { wallet: '0x1111111111111111111111111111111111111111', signature: '0x00', issuedAt: '1' }, M.issuedAtInvalid],
    ['a name too long', { wallet: '0x1111111111111111111111111111111111111111', name: 'x'.repeat(65), signature: '0x00', issuedAt: 1 }, M.nameInvalid],
  ])('returns 400 for %s', async (_case, body, error) => {
    const response = await createStream(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('takes the wallet in any case, a checksum that does not hold included', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1250000');
    const body = await streamRequest(wallet);
    const miscased = `0x${body.wallet.slice(2, 10).toLowerCase()}${body.wallet.slice(10).toUpperCase()}`;

    expect((await createStream({ ...body, wallet: miscased })).status).toBe(200);
  });

  it('returns 403 for a signature by another wallet', async () => {
    const [holder, signer] = [newWallet(), newWallet()];
    await fund(platform, holder, '2000000');
    const body = { ...(await streamRequest(signer)), wallet: holder.address };

    expect(await createStream(body)).toMatchObject({ status: 403, body: { error: M.walletSignatureInvalid } });
  });

  it('returns 403 for a message signed for another host', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '2000000');

    expect(await createStream(await streamRequest(wallet, { host: 'evil.example' }))).toMatchObject({ status: 403, body: { error: M.walletSignatureInvalid } });
  });

  it('returns 403 for a signature older than 5 minutes or dated ahead', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '2000000');
    const now = Math.floor(Date.now() / 1000);

    expect(await createStream(await streamRequest(wallet, { issuedAt: now - 301 }))).toMatchObject({ status: 403, body: { error: M.walletSignatureExpired } });
    expect(await createStream(await streamRequest(wallet, { issuedAt: now + 120 }))).toMatchObject({ status: 403, body: { error: M.walletSignatureExpired } });
  });

  it('creates one stream per signature: a replay, even concurrent, is 403', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '2000000');
    const body = await streamRequest(wallet);

    const statuses = (await Promise.all([createStream(body), createStream(body), createStream(body)])).map((response) => response.status).sort();

    expect(statuses).toEqual([200, 403, 403]);
    expect((await createStream(body)).body).toEqual({ error: M.walletSignatureUsed });
    expect(await streamsOf(wallet.address)).toHaveLength(1);
  });
});

describe('GET /api/radio/live', () => {
  it('lists a stream once the provider says it is active, with every field of 4.6 and no stream key; idle takes it off', async () => {
    const { created, providerStreamId } = await liveCandidate('Sunrise');
    const before = Math.floor(Date.now() / 1000);

    expect((await platform.streaming.goLive(providerStreamId)).delivered).toBe(200);
    const live = (await platform.web().get('/api/radio/live')).body as LiveDjList;

    const dj = live.djs.find((entry) => entry.id === created.stream.id);
    const playbackId = created.stream.playbackId!;
    expect(dj).toEqual({
      id: created.stream.id, name: 'Sunrise', wallet: created.stream.wallet, playbackId, streamKey: null, status: 'active',
      startedAt: expect.any(Number), hlsUrl: `${platform.sandbox.streaming.playbackUrl}/${playbackId}.m3u8`,
      embedUrl: `${platform.sandbox.streaming.playerUrl}/${playbackId}`,
    });
    expect(dj!.startedAt).toBeGreaterThanOrEqual(before - 1);
    expect(live.count).toBe(live.djs.length);
    expect(JSON.stringify(live)).not.toContain(created.stream.streamKey);
    // The provider's event carries the key; what is stored of it does not.
    const stored = await ownerQuery(platform.env, 'SELECT payload FROM media.webhook_events WHERE object_id = $1', [providerStreamId]);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.stream.streamKey);

    expect((await platform.streaming.goIdle(providerStreamId)).delivered).toBe(200);
    const after = (await platform.web().get('/api/radio/live')).body as LiveDjList;
    expect(after.djs.map((entry) => entry.id)).not.toContain(created.stream.id);
    expect(await storedStream(created.stream.id)).toMatchObject({ status: 'idle', ended_at: expect.any(Date) });
  });

  it('does not list a created stream that never went live', async () => {
    const { created } = await liveCandidate();
    const live = (await platform.web().get('/api/radio/live')).body as LiveDjList;
    expect(live.djs.map((entry) => entry.id)).not.toContain(created.stream.id);
  });
});

describe('a gate token of 6 decimals (read from the token)', () => {
  beforeAll(async () => {
    await restartMedia(platform, { GATE_TOKEN_ADDRESS: USDC[84532].address });
  }, 60_000);

  afterAll(async () => {
    await restartMedia(platform, { GATE_TOKEN_ADDRESS: '0x6a7e000000000000000000000000000000000001' });
  }, 60_000);

  it('refuses 1,249,999.999999 and admits 1,250,000', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1249999.999999', USDC[84532].address);
    expect(await createStream(await streamRequest(wallet))).toMatchObject({ status: 403, body: { balance: '1249999.999999' } });

    await fund(platform, wallet, '0.000001', USDC[84532].address);
    expect((await createStream(await streamRequest(wallet, { issuedAt: Math.floor(Date.now() / 1000) - 1 }))).status).toBe(200);
  });
});

describe('without the streaming provider', () => {
  beforeAll(async () => {
    await restartMedia(platform, { STREAMING_TOKEN_ID: '' });
  }, 60_000);

  afterAll(async () => {
    await restartMedia(platform, { STREAMING_TOKEN_ID: platform.sandbox.streaming.tokenId });
  }, 60_000);

  it('answers GET /api/radio/live and POST /api/radio/streams 500 not configured', async () => {
    expect(await platform.web().get('/api/radio/live')).toMatchObject({ status: 500, body: { error: M.providerNotConfigured } });
    expect(await createStream(await streamRequest(newWallet()))).toMatchObject({ status: 500, body: { error: M.providerNotConfigured } });
  });
});

describe('with the streaming provider failing', () => {
  beforeAll(async () => {
    await restartMedia(platform, { STREAMING_API_URL: 'http://127.0.0.1:9/mux' });
  }, 60_000);

  afterAll(async () => {
    await restartMedia(platform, { STREAMING_API_URL: platform.sandbox.streaming.apiUrl });
  }, 60_000);

  it('answers 500 with the spec\'s words and creates nothing; the signature stays unused', async () => {
    const wallet = newWallet();
    await fund(platform, wallet, '1250000');
    const body = await streamRequest(wallet);

    expect(await createStream(body)).toMatchObject({ status: 500, body: { error: M.providerFailed } });

    await restartMedia(platform, { STREAMING_API_URL: platform.sandbox.streaming.apiUrl });
    expect((await createStream(body)).status).toBe(200);
  });
});
