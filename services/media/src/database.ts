import type { ServiceDatabase } from '@platform/database';
import { Media1764600000000 } from './migrations/1764600000000-media.js';
import { StreamEntity } from './radio/stream.entity.js';
import { VideoEntity } from './videos/video.entity.js';
import { AssetEntity } from './webhooks/asset.entity.js';
import { WebhookEventEntity } from './webhooks/webhook-event.entity.js';

export const mediaDatabase: ServiceDatabase = {
  schema: 'media',
  entities: [StreamEntity, VideoEntity, WebhookEventEntity, AssetEntity],
  migrations: [Media1764600000000],
};
