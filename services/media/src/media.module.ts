import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { mediaDatabase } from './database.js';
import type { MediaEnv } from './media.env.js';
import { MEDIA_ENV } from './media.tokens.js';
import { StreamingProvider } from './provider/streaming-provider.js';
import { chainClientsProvider } from './radio/chain-clients.provider.js';
import { GateToken } from './radio/gate-token.js';
import { gateTokenReaderProvider } from './radio/gate-token-reader.provider.js';
import { LiveStreams } from './radio/live-streams.service.js';
import { RadioHandlers } from './radio/radio.handlers.js';
import { StreamCreation } from './radio/stream-creation.service.js';
import { StreamKeys } from './radio/stream-keys.js';
import { WalletProofs } from './radio/wallet-proofs.js';
import { ImageFetcher } from './videos/image-fetcher.js';
import { RenderWorker } from './videos/render.worker.js';
import { VideoRenderer } from './videos/video-renderer.js';
import { VideoRows } from './videos/video-rows.js';
import { VideoUploads } from './videos/video-uploads.js';
import { VideosHandlers } from './videos/videos.handlers.js';
import { VideosService } from './videos/videos.service.js';
import { AssetDeletions } from './webhooks/asset-deletions.js';
import { AssetLifecycle } from './webhooks/asset-lifecycle.js';
import { StreamTransitions } from './webhooks/stream-transitions.js';
import { StreamWebhookHandlers } from './webhooks/stream-webhook.handlers.js';
import { StreamWebhooks } from './webhooks/stream-webhook.service.js';

export const MEDIA_SERVICE = 'media';

@Module({})
export class MediaModule {
  static forRoot(env: MediaEnv): DynamicModule {
    return {
      module: MediaModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, mediaDatabase),
        MessagingModule.forService(MEDIA_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [RadioHandlers, VideosHandlers, StreamWebhookHandlers],
      providers: [
        { provide: MEDIA_ENV, useValue: env },
        chainClientsProvider,
        gateTokenReaderProvider,
        StreamingProvider,
        WalletProofs,
        GateToken,
        StreamKeys,
        StreamCreation,
        LiveStreams,
        VideoRows,
        ImageFetcher,
        VideoRenderer,
        VideoUploads,
        VideosService,
        RenderWorker,
        AssetDeletions,
        AssetLifecycle,
        StreamTransitions,
        StreamWebhooks,
      ],
    };
  }
}
