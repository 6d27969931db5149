import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type StreamStatus = 'created' | 'active' | 'idle';

/** A live stream (extended-services 2); `wallet` (lower case) owns it. The stream key is kept sealed, never opened to answer. */
@Entity({ name: 'streams' })
export class StreamEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) wallet!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ name: 'provider_stream_id', type: 'varchar', nullable: true }) providerStreamId!: string | null;
  @Column({ name: 'playback_id', type: 'varchar', nullable: true }) playbackId!: string | null;
  @Column({ name: 'stream_key_sealed', type: 'text', nullable: true }) streamKeySealed!: string | null;
  /** SHA-256 of the creation signature: each signature creates one stream. */
  @Column({ name: 'proof_digest', type: 'char' }) proofDigest!: string;
  @Column({ type: 'varchar' }) status!: StreamStatus;
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true }) startedAt!: Date | null;
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true }) endedAt!: Date | null;
  /** When the provider's latest applied event happened: an older one arriving late changes nothing. */
  @Column({ name: 'status_at', type: 'timestamptz', nullable: true }) statusAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
