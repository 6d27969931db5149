import { ConfigError, loadEnv } from '@platform/config';
import { ROUTES, VIDEO_WAIT_MS } from '@platform/contracts';
import { MediaEnv } from './media.env.js';

describe('MediaEnv', () => {
  it("waits 5 minutes for a video by default (extended-services 8's video generation timeout)", () => {
    const sut = loadEnv(MediaEnv, {});

    expect(sut.MEDIA_VIDEO_WAIT_MS).toBe(300_000);
  });

  it('refuses a MEDIA_VIDEO_WAIT_MS above the 5 minutes, and takes the 5 minutes themselves', () => {
    expect(() => loadEnv(MediaEnv, { MEDIA_VIDEO_WAIT_MS: '300001' })).toThrow(
      new ConfigError('Invalid environment variable MEDIA_VIDEO_WAIT_MS (got "300001"): MEDIA_VIDEO_WAIT_MS must not be greater than 300000'),
    );
    expect(loadEnv(MediaEnv, { MEDIA_VIDEO_WAIT_MS: '300000' }).MEDIA_VIDEO_WAIT_MS).toBe(300_000);
  });

  it('leaves the edge waiting longer on POST /api/generate-video than the longest wait the env allows', () => {
    const route = ROUTES.find((row) => row.method === 'POST' && row.path === '/api/generate-video');

    expect(route?.timeoutMs).toBeGreaterThan(VIDEO_WAIT_MS);
  });
});
