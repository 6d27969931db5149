import { Inject, Injectable } from '@nestjs/common';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

/**
 * Stream keys at rest: sealed by libs/secrets, bound to their stream (a sealed key copied to another
 * row does not open). Nothing opens them: the key is answered once, at creation, from the provider's reply.
 */
@Injectable()
export class StreamKeys {
  private readonly box: SecretBox | null;

  constructor(@Inject(MEDIA_ENV) env: MediaEnv) {
    this.box = env.SECRETS_KEY ? secretBoxFromKey(env.SECRETS_KEY) : null;
  }

  seal(streamId: string, streamKey: string): Promise<string> {
    // The env refuses a provider token without SECRETS_KEY, so a stream is never created without a box.
    if (!this.box) throw new Error('SECRETS_KEY is not configured');
    return this.box.seal(streamKey, StreamKeys.context(streamId));
  }

  static context(streamId: string): string {
    return `stream-key:${streamId}`;
  }
}
