import { MEDIA_MESSAGES as M, missingVideoFields, type VideoJobView } from '@platform/contracts';
import { probeVideo } from '@platform/ffmpeg';
import { ownerQuery, TestPlatform, waitUntil, type TestUser } from '@platform/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { restartMedia } from '../testing/stream-fixtures.js';

let platform: TestPlatform;
let user: TestUser;
let scratch: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['media'] });
  user = await platform.newUser();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'generate-video-spec-'));
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await rm(scratch, { recursive: true, force: true });
});

const generate = (body: unknown) => user.client.post('/api/generate-video', body);

/** The file at a returned URL, probed with ffprobe as a player would read it. */
async function probeUrl(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const file = path.join(scratch, `${path.basename(new URL(url).pathname)}-${Date.now()}.mp4`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return probeVideo(file);
}

describe('POST /api/generate-video', () => {
  it.each([
    ['demo', { agentName: 'Helper', agentDescription: 'Reads your mail and answers what it can, politely.' }, 10],
    ['marketing', { productName: 'Radio', features: ['Go live in a minute', 'Token-gated', 'Archives in HD'] }, 3 + 3 * 3 + 2],
    ['tutorial', { topic: 'Streaming from OBS', steps: ['Create a stream', 'Paste the key into OBS', 'Start streaming'] }, 3 + 3 * 4 + 2],
  ] as const)('renders a %s video: { url } of a valid 1280x720 H.264/AAC MP4 of the expected length', async (type, fields, seconds) => {
    const response = await generate({ type, ...fields });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: expect.stringMatching(new RegExp(`^${platform.sandbox.streaming.playbackUrl}/[A-Za-z0-9]+/highest\\.mp4$`)) });
    const probed = await probeUrl(response.body.url);
    expect(probed).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264', audioCodec: 'aac', format: expect.stringContaining('mp4') });
    expect(probed.durationSec).toBeCloseTo(seconds, 0);
  }, 60_000);

  it('renders a screenshot video from the image at imageUrl, fetched from an allowed host', async () => {
    const response = await generate({ type: 'screenshot', imageUrl: `${platform.sandbox.url}/images/screenshot.png`, description: 'The new dashboard: every agent at a glance' });

    expect(response.status).toBe(200);
    const probed = await probeUrl(response.body.url);
    expect(probed).toMatchObject({ width: 1280, height: 720 });
    expect(probed.durationSec).toBeCloseTo(6, 0);
  }, 60_000);

  it.each([
    ['a loopback address', (sandboxPort: number) => `http://127.0.0.1:${sandboxPort + 1}/x.png`],
    ['another loopback address on the sandbox\'s port', (sandboxPort: number) => `http://127.0.0.2:${sandboxPort}/images/screenshot.png`],
    ['the IPv6 loopback', () => 'http://[::1]/x.png'],
    ['localhost', () => 'http://localhost/x.png'],
    ['an IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/x.png'],
    ['a redirect from an allowed host to a loopback address', (sandboxPort: number) =>
      `http://127.0.0.1:${sandboxPort}/pages/redirect-to?location=${encodeURIComponent(`http://127.0.0.1:${sandboxPort + 1}/x.png`)}`],
  ])('refuses an imageUrl pointing at %s with 400', async (_case, imageUrl) => {
    const port = Number(new URL(platform.sandbox.url).port);

    const response = await generate({ type: 'screenshot', imageUrl: imageUrl(port), description: 'Internal' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.imageRefused });
  }, 30_000);

  it('answers 400 for an imageUrl that is not an image', async () => {
    const response = await generate({ type: 'screenshot', imageUrl: `${platform.sandbox.url}/mux/video/v1/assets`, description: 'Not an image' });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^imageUrl could not be fetched: HTTP 401$|^imageUrl is not a PNG/);
  }, 30_000);

  it.each([
    ['no type', {}, M.typeInvalid],
    ['an unknown type', { type: 'vlog' }, M.typeInvalid],
    ['a demo without its fields', { type: 'demo' }, missingVideoFields('demo', ['agentName', 'agentDescription'])],
    ['a marketing video without features', { type: 'marketing', productName: 'Radio' }, missingVideoFields('marketing', ['features'])],
    ['a screenshot without a description', { type: 'screenshot', imageUrl: 'https://example.com/a.png' }, missingVideoFields('screenshot', ['description'])],
    ['a tutorial without steps', { type: 'tutorial', topic: 'OBS', steps: null }, missingVideoFields('tutorial', ['steps'])],
    ['features that are not a list', { type: 'marketing', productName: 'Radio', features: 'fast' }, M.listInvalid('features', 8, 120)],
    ['too many steps', { type: 'tutorial', topic: 'OBS', steps: Array.from({ length: 13 }, (_, index) => `Step ${index}`) }, M.listInvalid('steps', 12, 200)],
    ['an imageUrl that is not http(s)', { type: 'screenshot', imageUrl: 'file:///etc/passwd', description: 'x' }, M.imageUrlInvalid],
    ['a name too long', { type: 'demo', agentName: 'x'.repeat(81), agentDescription: 'y' }, M.textInvalid('agentName', 80)],
  ])('answers 400 for %s', async (_case, body, error) => {
    const response = await generate(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('answers 401 without a session', async () => {
    const response = await platform.web().post('/api/generate-video', { type: 'demo', agentName: 'A', agentDescription: 'B' });
    expect(response.status).toBe(401);
  });

  it('renders text as text: ffmpeg expansions and filter syntax in the input are drawn, not run', async () => {
    const response = await generate({ type: 'demo', agentName: "%{pts} ' : , [x]", agentDescription: "%{eif:1/0:d} \\ drawtext=text=x; [0:v] ' \" ;" });

    expect(response.status).toBe(200);
    expect((await probeUrl(response.body.url)).durationSec).toBeCloseTo(10, 0);
  }, 60_000);
});

describe('past the wait: a job id to poll', () => {
  beforeAll(async () => {
    await restartMedia(platform, { MEDIA_VIDEO_WAIT_MS: '0' });
  }, 60_000);

  it('answers 202 with the job, which GET /api/generate-video/:jobId shows until it is ready with its url', async () => {
    const response = await generate({ type: 'demo', agentName: 'Patient', agentDescription: 'Waits its turn' });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      jobId: expect.any(String), type: 'demo', status: expect.stringMatching(/^(queued|rendering|uploading)$/), url: null, error: null,
      createdAt: expect.any(String), finishedAt: null,
    });
    const done = await waitUntil('the video ready', async () => (await user.client.get(`/api/generate-video/${response.body.jobId}`)).body as VideoJobView,
      (job) => job.status === 'ready', 30_000);
    expect(done).toMatchObject({ status: 'ready', url: expect.stringContaining('/highest.mp4'), finishedAt: expect.any(String) });
    expect((await probeUrl(done.url!)).durationSec).toBeCloseTo(10, 0);
  }, 60_000);

  it('keeps the video\'s asset when the provider announces it ready: its upload names the job', async () => {
    const response = await generate({ type: 'demo', agentName: 'Keeper', agentDescription: 'Stays at the provider' });

    const asset = await waitUntil('the asset recorded', async () => (await ownerQuery(platform.env, 'SELECT outcome FROM media.assets WHERE video_id = $1', [response.body.jobId]))[0],
      (row) => row !== undefined, 30_000);
    expect(asset).toEqual({ outcome: 'kept' });
  }, 60_000);

  it('shows a refused image as a failed job with the reason', async () => {
    const response = await generate({ type: 'screenshot', imageUrl: 'http://127.0.0.1:9/x.png', description: 'Internal' });

    const failed = await waitUntil('the video failed', async () => (await user.client.get(`/api/generate-video/${response.body.jobId}`)).body as VideoJobView,
      (job) => job.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', url: null, error: M.imageRefused });
  });

  it('shows another user\'s job as not found, and a malformed id as 400', async () => {
    const response = await generate({ type: 'demo', agentName: 'Mine', agentDescription: 'Only mine' });
    const stranger = await platform.newUser();

    expect(await stranger.client.get(`/api/generate-video/${response.body.jobId}`)).toMatchObject({ status: 404, body: { error: M.videoNotFound } });
    expect(await user.client.get('/api/generate-video/not-a-job')).toMatchObject({ status: 400, body: { error: M.jobIdInvalid } });
  });
});

describe('with the streaming provider unreachable', () => {
  beforeAll(async () => {
    await restartMedia(platform, { STREAMING_API_URL: 'http://127.0.0.1:9/mux' });
  }, 60_000);

  it('answers 500 once the render\'s attempts are spent, and GET /api/generate-video/:jobId shows the job failed', async () => {
    // A user of its own: the job is the only row of theirs, so the test finds its id, which a 500 does not carry.
    const owner = await platform.newUser();

    const response = await owner.client.post('/api/generate-video', { type: 'demo', agentName: 'Unlucky', agentDescription: 'Nowhere to upload' });

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.videoFailed });
    const [job] = await ownerQuery<{ id: string }>(platform.env, 'SELECT id FROM media.videos WHERE user_id = $1', [owner.id]);
    const shown = await owner.client.get(`/api/generate-video/${job!.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      jobId: job!.id, type: 'demo', status: 'failed', url: null, error: M.videoFailed, createdAt: expect.any(String), finishedAt: expect.any(String),
    });
  }, 60_000);
});

describe('without the streaming provider', () => {
  beforeAll(async () => {
    await restartMedia(platform, { STREAMING_TOKEN_ID: '' });
  }, 60_000);

  it('answers 500 not configured, before any work', async () => {
    expect(await generate({ type: 'demo', agentName: 'A', agentDescription: 'B' })).toMatchObject({ status: 500, body: { error: M.providerNotConfigured } });
  });
});
