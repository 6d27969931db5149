import { Column, Entity, PrimaryColumn } from 'typeorm';

/** archived: kept at the provider; deleting: a deletion job is queued; deleted: the provider confirmed; kept: a generated video. */
export type AssetOutcome = 'archived' | 'deleting' | 'deleted' | 'kept';

/** A ready asset at the provider (extended-services 3, asset) and what the rule made of it. */
@Entity({ name: 'assets' })
export class AssetEntity {
  @PrimaryColumn({ type: 'varchar' }) id!: string;
  /** The recording's DJ, when it is a known stream's. */
  @Column({ type: 'varchar', nullable: true }) wallet!: string | null;
  @Column({ name: 'live_stream_id', type: 'varchar', nullable: true }) liveStreamId!: string | null;
  @Column({ name: 'video_id', type: 'uuid', nullable: true }) videoId!: string | null;
  @Column({ type: 'integer' }) height!: number;
  @Column({ name: 'duration_sec', type: 'double precision' }) durationSec!: number;
  @Column({ type: 'varchar' }) outcome!: AssetOutcome;
  @Column({ name: 'ready_at', type: 'timestamptz', insert: false }) readyAt!: Date;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt!: Date | null;
}
