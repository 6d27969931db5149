import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_MESSAGES as M, VIDEO_IMAGE_MAX_BYTES } from '@platform/contracts';
import { guardedAgents, publicGet, PublicGetError, type GuardedAgents } from '@platform/http';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { imageKind } from './image-kind.js';
import type { RenderImage } from './video-renderer.js';
import { VideoInputError } from './video-input-error.js';

const MAX_REDIRECTS = 3;

/**
 * A screenshot video's `imageUrl`, fetched through the SSRF guard (libs/http): public addresses only,
 * on every redirect too, except the hosts MEDIA_FETCH_ALLOWED_HOSTS names (the sandbox). Whatever
 * goes wrong is the caller's URL: a 400 naming why, never retried.
 */
@Injectable()
export class ImageFetcher {
  private readonly agents: GuardedAgents;

  constructor(@Inject(MEDIA_ENV) private readonly env: MediaEnv) {
    this.agents = guardedAgents({ allowedHosts: env.MEDIA_FETCH_ALLOWED_HOSTS.split(',').map((host) => host.trim()).filter(Boolean) });
  }

  async fetch(url: string): Promise<RenderImage> {
    let answer;
    try {
      answer = await publicGet(url, {
        agents: this.agents, timeoutMs: this.env.MEDIA_IMAGE_TIMEOUT_MS, maxBytes: VIDEO_IMAGE_MAX_BYTES, maxRedirects: MAX_REDIRECTS,
        headers: { accept: 'image/png,image/jpeg,image/webp;q=0.9,*/*;q=0.1' },
      });
    } catch (error) {
      throw new VideoInputError(refusal(error));
    }
    if (answer.status < 200 || answer.status > 299) throw new VideoInputError(`${M.imageUnfetchable}: HTTP ${answer.status}`);
    const kind = imageKind(answer.body);
    if (!kind) throw new VideoInputError(M.imageNotAnImage);
    return { bytes: answer.body, kind };
  }
}

function refusal(error: unknown): string {
  if (!(error instanceof PublicGetError)) return `${M.imageUnfetchable}: the connection failed`;
  switch (error.reason) {
    case 'scheme':
    case 'refused':
      return M.imageRefused;
    case 'unresolvable':
      return M.imageUnresolvable;
    case 'tooLarge':
      return M.imageNotAnImage;
    case 'redirects':
    case 'timeout':
      return `${M.imageUnfetchable}: ${error.message}`;
  }
}
