import { GENERATED_VIDEO_PASSTHROUGH_PREFIX, MEDIA_MESSAGES as M, STREAM_SIGNATURE_HEADER } from '@platform/contracts';
import { ownerQuery, TestPlatform, waitUntil } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { fund, newWallet, restartMedia, streamRequest, streamSignature } from '../testing/stream-fixtures.js';

let platform: TestPlatform;
let secret: string;

/** Deletions wait 1.5 s, then retry 200 ms apart, doubling: long enough to see the delay, short enough for a test. */
const DELETION = { MEDIA_ASSET_DELETION_DELAY_MS: '1500', MEDIA_ASSET_DELETION_BACKOFF_MS: '200' };

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['media'], env: DELETION });
  secret = platform.sandbox.streaming.webhookSecret;
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const query = (sql: string, params: unknown[] = []) => ownerQuery(platform.env, sql, params);

/** POST /api/webhooks/stream with exactly these bytes and, when given, this signature header. */
async function deliver(body: string, signature?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${platform.webUrl}/api/webhooks/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [STREAM_SIGNATURE_HEADER]: signature }) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

const event = (fields: { type?: string; data?: object; created_at?: string } = {}) =>
  JSON.stringify({ id: randomUUID(), type: 'video.asset.created', object: { type: 'asset', id: 'a1' }, data: { id: 'a1' }, created_at: new Date().toISOString(), ...fields });

/** A funded wallet's stream at the provider, created through the route. */
async function providerStream(): Promise<{ id: string; providerStreamId: string }> {
  const wallet = newWallet();
  await fund(platform, wallet, '1250000');
  const created = await platform.web().post('/api/radio/streams', await streamRequest(wallet));
  const [row] = await query('SELECT provider_stream_id FROM media.streams WHERE id = $1', [created.body.stream.id]);
  return { id: created.body.stream.id, providerStreamId: row!.provider_stream_id as string };
}

describe('POST /api/webhooks/stream: the stream-signature header', () => {
  it('accepts a signed event: 200 { received: true }, stored once by id', async () => {
    const body = event();

    expect(await deliver(body, streamSignature(body, secret))).toEqual({ status: 200, body: { received: true } });
    expect(await query('SELECT type, outcome FROM media.webhook_events WHERE id = $1', [JSON.parse(body).id])).toEqual([{ type: 'video.asset.created', outcome: 'ignored' }]);
  });

  it.each([['missing', undefined], ['empty', '']])('answers 401 when the header is %s', async (_case, header) => {
    expect(await deliver(event(), header)).toEqual({ status: 401, body: { error: M.signatureMissing } });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const v1 = (body: string, timestamp: number, key = secret) => streamSignature(body, key, timestamp).split(',')[1]!;

  it.each([
    ['not the t=,v1= form', () => 'garbage'],
    ['without v1', () => `t=${now()}`],
    ['without t', (body: string) => v1(body, now())],
    ['with a t that is no number', (body: string) => `t=soon,${v1(body, now())}`],
    ['with a v1 that is not the HMAC', () => `t=${now()},v1=${'0'.repeat(64)}`],
    ['with a v1 cut short', (body: string) => `t=${now()},${v1(body, now()).slice(0, 40)}`],
    ['signed with another secret', (body: string) => streamSignature(body, 'another-secret')],
    ['signed for other bytes', (body: string) => streamSignature(`${body} `, secret)],
    ['signed at another time than it says', (body: string) => `t=${now()},${v1(body, now() - 10)}`],
  ])('answers 403 for a header %s, and stores nothing', async (_case, header) => {
    const body = event();

    expect(await deliver(body, header(body))).toEqual({ status: 403, body: { error: M.signatureRejected } });
    expect(await query('SELECT id FROM media.webhook_events WHERE id = $1', [JSON.parse(body).id])).toEqual([]);
  });

  it('answers 403 for a timestamp older than 5 minutes, and takes one of 4 min 59 s', async () => {
    const body = event();

    expect((await deliver(body, streamSignature(body, secret, now() - 301))).status).toBe(403);
    expect((await deliver(body, streamSignature(body, secret, now() - 299))).status).toBe(200);
  });

  it('answers 400 for a signed body that is not an event', async () => {
    const body = JSON.stringify({ hello: 'world' });
    expect(await deliver(body, streamSignature(body, secret))).toEqual({ status: 400, body: { error: M.eventInvalid } });
  });
});

describe('stream events', () => {
  it('acts on an event once: a replay of the same request is 200 and changes nothing', async () => {
    const stream = await providerStream();
    const wentLive = new Date(Date.now() - 60_000).toISOString();
    const body = event({ type: 'video.live_stream.active', data: { id: stream.providerStreamId, status: 'active' }, created_at: wentLive });
    const signature = streamSignature(body, secret);

    expect((await deliver(body, signature)).status).toBe(200);
    await platform.restartService('media');
    expect((await deliver(body, signature)).status).toBe(200);

    expect(await query('SELECT status, started_at FROM media.streams WHERE id = $1', [stream.id])).toEqual([{ status: 'active', started_at: new Date(wentLive) }]);
    expect(await query('SELECT outcome FROM media.webhook_events WHERE id = $1', [JSON.parse(body).id])).toEqual([{ outcome: 'applied' }]);
  });

  it('applies events in the provider\'s order: an idle older than the active it follows changes nothing', async () => {
    const stream = await providerStream();
    const active = event({ type: 'video.live_stream.active', data: { id: stream.providerStreamId }, created_at: new Date().toISOString() });
    const staleIdle = event({ type: 'video.live_stream.idle', data: { id: stream.providerStreamId }, created_at: new Date(Date.now() - 5000).toISOString() });

    await deliver(active, streamSignature(active, secret));
    await deliver(staleIdle, streamSignature(staleIdle, secret));

    expect(await query('SELECT status FROM media.streams WHERE id = $1', [stream.id])).toEqual([{ status: 'active' }]);
    expect(await query('SELECT outcome FROM media.webhook_events WHERE id = $1', [JSON.parse(staleIdle).id])).toEqual([{ outcome: 'stale' }]);
  });

  it('keeps an event for a stream it does not know', async () => {
    const body = event({ type: 'video.live_stream.active', data: { id: 'not-ours' } });
    expect((await deliver(body, streamSignature(body, secret))).status).toBe(200);
    expect(await query('SELECT outcome FROM media.webhook_events WHERE id = $1', [JSON.parse(body).id])).toEqual([{ outcome: 'unknown_stream' }]);
  });
});

describe('video.asset.ready: archive or delete', () => {
  const assetRow = async (id: string) => (await query('SELECT outcome, height, duration_sec, wallet FROM media.assets WHERE id = $1', [id]))[0];
  const deletedAtProvider = (assetId: string) =>
    waitUntil(`asset ${assetId} deleted at the provider`, () => platform.streaming.asset(assetId), (asset) => asset.deleted, 15_000);

  it.each([
    ['1080p, 15 min + 1 s', 'archived', 1080, 901],
    ['2160p, 2 h', 'archived', 2160, 7200],
    ['1080p, exactly 15 min', 'deleting', 1080, 900],
    ['1079p, 15 min + 1 s', 'deleting', 1079, 901],
    ['720p, 2 h', 'deleting', 720, 7200],
  ])('%s is %s', async (_case, outcome, height, duration) => {
    const ready = await platform.streaming.assetReady({ height, duration });

    expect(ready.delivered).toBe(200);
    expect(await assetRow(ready.assetId)).toMatchObject({ outcome, height, duration_sec: duration });
  });

  it('deletes a recording it does not archive at the provider, after the delay', async () => {
    const stream = await providerStream();
    const readyAt = Date.now();
    const ready = await platform.streaming.assetReady({ height: 1080, duration: 900, liveStreamId: stream.providerStreamId });

    expect((await platform.streaming.asset(ready.assetId)).deleteCalls).toBe(0);
    const deleted = await deletedAtProvider(ready.assetId);

    expect(Date.parse(deleted.deletedAt!) - readyAt).toBeGreaterThanOrEqual(1500);
    await waitUntil('the asset recorded deleted', () => assetRow(ready.assetId), (row) => row?.outcome === 'deleted');
    expect((await assetRow(ready.assetId))!.wallet).toEqual(expect.stringMatching(/^0x[0-9a-f]{40}$/));
  });

  it('retries a deletion the provider refuses until it goes through', async () => {
    await platform.streaming.failAssetDeletes(2);
    const ready = await platform.streaming.assetReady({ height: 720, duration: 60 });

    const deleted = await deletedAtProvider(ready.assetId);

    expect(deleted.deleteCalls).toBe(3);
  });

  it('leaves an archived recording at the provider', async () => {
    const ready = await platform.streaming.assetReady({ height: 1080, duration: 901 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await platform.streaming.asset(ready.assetId)).toMatchObject({ deleted: false, deleteCalls: 0 });
  });

  it('keeps a generated video however short', async () => {
    const ready = await platform.streaming.assetReady({ height: 720, duration: 6, passthrough: `${GENERATED_VIDEO_PASSTHROUGH_PREFIX}${randomUUID()}` });
    expect(await assetRow(ready.assetId)).toMatchObject({ outcome: 'kept' });
  });

  it('queues one deletion for an asset announced twice', async () => {
    const ready = await platform.streaming.assetReady({ height: 720, duration: 60 });
    expect((await platform.streaming.redeliver(ready.eventId)).delivered).toBe(200);

    const deleted = await deletedAtProvider(ready.assetId);

    expect(deleted.deleteCalls).toBe(1);
  });
});

describe('the signing secret', () => {
  afterAll(async () => {
    await restartMedia(platform, { STREAM_SIGNING_SECRET: secret, STREAM_WEBHOOK_SECRET: '' });
  }, 60_000);

  it('verifies with STREAM_SIGNING_SECRET when both are set, never with STREAM_WEBHOOK_SECRET', async () => {
    await restartMedia(platform, { STREAM_SIGNING_SECRET: secret, STREAM_WEBHOOK_SECRET: 'fallback-secret' });
    const [signed, signedWithFallback] = [event(), event()];

    expect(await deliver(signed, streamSignature(signed, secret))).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(signedWithFallback, streamSignature(signedWithFallback, 'fallback-secret'))).toEqual({ status: 403, body: { error: M.signatureRejected } });
    expect(await query('SELECT id FROM media.webhook_events WHERE id = $1', [JSON.parse(signedWithFallback).id])).toEqual([]);
  });

  it('falls back to STREAM_WEBHOOK_SECRET', async () => {
    await restartMedia(platform, { STREAM_SIGNING_SECRET: '', STREAM_WEBHOOK_SECRET: 'fallback-secret' });
    const body = event();

    expect((await deliver(body, streamSignature(body, 'fallback-secret'))).status).toBe(200);
    expect((await deliver(body, streamSignature(body, secret))).status).toBe(403);
  });

  it('refuses every request when neither is set', async () => {
    await restartMedia(platform, { STREAM_SIGNING_SECRET: '', STREAM_WEBHOOK_SECRET: '' });
    const body = event();

    expect(await deliver(body, streamSignature(body, ''))).toEqual({ status: 403, body: { error: M.webhooksNotConfigured } });
    expect((await deliver(body)).status).toBe(403);
  });
});
