import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Media1764600000000 implements MigrationInterface {
  name = 'Media1764600000000';

  async up(db: QueryRunner): Promise<void> {
    // A DJ's live stream (extended-services 2, Live stream), owned by the wallet that proved itself at creation.
    await db.query(`
      CREATE TABLE media.streams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        wallet varchar(42) NOT NULL,
        name varchar(64) NOT NULL,
        provider_stream_id varchar(255) UNIQUE,
        playback_id varchar(255),
        stream_key_sealed text,
        proof_digest char(64) NOT NULL UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'active', 'idle')),
        started_at timestamptz,
        ended_at timestamptz,
        status_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX streams_live ON media.streams (started_at DESC) WHERE status = 'active'`);
    // A generated video: the request, where its job is, and the uploaded asset.
    await db.query(`
      CREATE TABLE media.videos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        type varchar(16) NOT NULL CHECK (type IN ('demo', 'marketing', 'screenshot', 'tutorial')),
        input jsonb NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'rendering', 'uploading', 'ready', 'failed')),
        upload_id varchar(255),
        asset_id varchar(255),
        url text,
        error text,
        error_status smallint,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    // The provider's webhook events, one row per event id: a redelivery finds its row and does nothing.
    await db.query(`
      CREATE TABLE media.webhook_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        object_id varchar(255),
        wallet varchar(42),
        outcome varchar(32) NOT NULL,
        occurred_at timestamptz,
        received_at timestamptz NOT NULL DEFAULT now(),
        payload jsonb NOT NULL
      )`);
    // Every ready asset and what the rule made of it (extended-services 3, asset).
    await db.query(`
      CREATE TABLE media.assets (
        id varchar(255) PRIMARY KEY,
        wallet varchar(42),
        live_stream_id varchar(255),
        video_id uuid,
        height integer NOT NULL,
        duration_sec double precision NOT NULL,
        outcome varchar(16) NOT NULL CHECK (outcome IN ('archived', 'deleting', 'deleted', 'kept')),
        ready_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    for (const statement of [
      ...ownerOnlyPolicy('media', 'streams', 'wallet'),
      ...ownerOnlyPolicy('media', 'videos'),
      ...ownerOnlyPolicy('media', 'webhook_events', 'wallet'),
      ...ownerOnlyPolicy('media', 'assets', 'wallet'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE media.assets, media.webhook_events, media.videos, media.streams');
  }
}
