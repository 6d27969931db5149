import Mux from '@mux/mux-node';
import { videoTools } from '@platform/ffmpeg';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';

const WEBHOOK_SECRET = 'streaming-spec-secret';

/** A 2 s 640x360 MP4, as an encoder would make it. */
async function smallVideo(): Promise<Buffer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'streaming-spec-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    await promisify(execFile)(videoTools().ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=640x360:r=25:d=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file,
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('the streaming provider, through @mux/mux-node', () => {
  let sandbox: RunningSandbox;
  let receiver: WebhookReceiver;
  let mux: Mux;

  const hook = async <T>(route: string, method?: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await callHook(sandbox.url, route, method, body);
    return { status: response.status, body: (await response.json()) as T };
  };

  /** The next delivery, verified as the platform verifies it, parsed. */
  const nextEvent = async (): Promise<{ id: string; type: string; data: Record<string, unknown> }> => {
    const { headers, body } = await receiver.next();
    await mux.webhooks.verifySignature(body, { 'mux-signature': headers['stream-signature'] as string }, WEBHOOK_SECRET);
    return JSON.parse(body);
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startSandbox({ streamWebhookUrl: receiver.url, streamWebhookSecret: WEBHOOK_SECRET });
    mux = new Mux({ baseURL: sandbox.streaming.apiUrl, tokenId: sandbox.streaming.tokenId, tokenSecret: sandbox.streaming.tokenSecret, maxRetries: 0 });
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('refuses another token with 401 in the provider\'s error shape', async () => {
    const stranger = new Mux({ baseURL: sandbox.streaming.apiUrl, tokenId: 'someone', tokenSecret: 'else', maxRetries: 0 });
    await expect(stranger.video.liveStreams.list()).rejects.toMatchObject({ status: 401, error: { error: { type: 'unauthorized' } } });
  });

  it('creates an idle live stream with a key and a public playback id, and retrieves it', async () => {
    const created = await mux.video.liveStreams.create({ playback_policies: ['public'], new_asset_settings: { playback_policies: ['public'] }, passthrough: 'ours' });

    expect(created).toMatchObject({ status: 'idle', passthrough: 'ours', stream_key: expect.stringMatching(/^[A-Za-z0-9]{40}$/) });
    expect(created.playback_ids).toEqual([{ id: expect.any(String), policy: 'public' }]);
    expect(await mux.video.liveStreams.retrieve(created.id)).toEqual(created);
  });

  it('makes a stream active, then idle, each announced by a signed event', async () => {
    const stream = await mux.video.liveStreams.create({ playback_policies: ['public'] });

    const active = await hook<{ delivered: number; eventId: string }>(`/mux/live-streams/${stream.id}/active`);
    const activeEvent = await nextEvent();
    expect(active.body).toEqual({ delivered: 200, eventId: activeEvent.id });
    expect(activeEvent).toMatchObject({ type: 'video.live_stream.active', object: { type: 'live', id: stream.id }, data: { id: stream.id, status: 'active' } });
    expect((await mux.video.liveStreams.retrieve(stream.id)).status).toBe('active');

    await hook(`/mux/live-streams/${stream.id}/idle`);
    expect(await nextEvent()).toMatchObject({ type: 'video.live_stream.idle', data: { id: stream.id, status: 'idle' } });
  });

  it('makes a recording a ready asset with its resolution and duration', async () => {
    const stream = await mux.video.liveStreams.create({ playback_policies: ['public'] });

    const ready = await hook<{ assetId: string }>('/mux/assets', 'POST', { height: 1080, duration: 901, liveStreamId: stream.id });
    const event = await nextEvent();

    expect(event).toMatchObject({ type: 'video.asset.ready', data: { id: ready.body.assetId, status: 'ready', duration: 901, live_stream_id: stream.id } });
    const asset = await mux.video.assets.retrieve(ready.body.assetId);
    expect(asset.tracks?.find((track) => track.type === 'video')).toMatchObject({ max_width: 1920, max_height: 1080 });
    expect(asset.resolution_tier).toBe('1080p');
  });

  it('refuses an asset hook without a height or duration', async () => {
    expect((await hook('/mux/assets', 'POST', { duration: 10 })).body).toEqual({ error: 'height must be a positive whole number' });
    expect((await hook('/mux/assets', 'POST', { height: 720, duration: -1 })).status).toBe(400);
  });

  it('turns a direct upload into a probed asset whose MP4 it plays back', async () => {
    const upload = await mux.video.uploads.create({ cors_origin: '*', new_asset_settings: { playback_policies: ['public'], passthrough: 'video:x' } });
    const file = await smallVideo();

    const put = await fetch(upload.url!, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(file) });
    expect(put.status).toBe(200);
    const event = await nextEvent();

    const done = await mux.video.uploads.retrieve(upload.id);
    expect(done).toMatchObject({ status: 'asset_created', asset_id: expect.any(String) });
    const asset = await mux.video.assets.retrieve(done.asset_id!);
    expect(event).toMatchObject({ type: 'video.asset.ready', data: { id: asset.id, passthrough: 'video:x' } });
    expect(asset.duration).toBeCloseTo(2, 1);
    expect(asset.static_renditions?.files?.[0]).toMatchObject({ resolution: 'highest', status: 'ready', width: 640, height: 360 });
    const played = await fetch(`${sandbox.streaming.playbackUrl}/${asset.playback_ids![0]!.id}/highest.mp4`);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(file)).toBe(true);
  });

  it('refuses an upload that is not a video', async () => {
    const upload = await mux.video.uploads.create({ cors_origin: '*' });
    const put = await fetch(upload.url!, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'not a video' });
    expect(put.status).toBe(400);
    expect((await mux.video.uploads.retrieve(upload.id)).status).toBe('waiting');
  });

  it('deletes an asset (after the failures asked for), then knows it no more', async () => {
    const { body } = await hook<{ assetId: string }>('/mux/assets', 'POST', { height: 720, duration: 30 });
    await nextEvent();
    await hook('/mux/controls', 'PUT', { failAssetDeletes: 1 });

    await expect(mux.video.assets.delete(body.assetId)).rejects.toMatchObject({ status: 500 });
    await mux.video.assets.delete(body.assetId);

    await expect(mux.video.assets.retrieve(body.assetId)).rejects.toMatchObject({ status: 404 });
    expect((await hook(`/mux/assets/${body.assetId}`, 'GET')).body).toMatchObject({ deleted: true, deleteCalls: 2, deletedAt: expect.any(String) });
  });

  it('redelivers an event, signed afresh', async () => {
    const { body } = await hook<{ eventId: string }>('/mux/assets', 'POST', { height: 720, duration: 30 });
    const first = await nextEvent();

    expect((await hook(`/mux/events/${body.eventId}/redeliver`)).body).toEqual({ delivered: 200 });
    expect(await nextEvent()).toEqual(first);
  });
});
