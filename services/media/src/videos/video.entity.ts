import type { GenerateVideoDto, VideoStatus, VideoType } from '@platform/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A generated video: what was asked, how far its job got, and the asset it became. */
@Entity({ name: 'videos' })
export class VideoEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) type!: VideoType;
  @Column({ type: 'jsonb' }) input!: GenerateVideoDto;
  @Column({ type: 'varchar' }) status!: VideoStatus;
  @Column({ name: 'upload_id', type: 'varchar', nullable: true }) uploadId!: string | null;
  @Column({ name: 'asset_id', type: 'varchar', nullable: true }) assetId!: string | null;
  @Column({ type: 'text', nullable: true }) url!: string | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  /** The status a failure answers with: 400 for the caller's input (an image that may not be fetched), 500 for ours. */
  @Column({ name: 'error_status', type: 'smallint', nullable: true }) errorStatus!: number | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt!: Date | null;
}
