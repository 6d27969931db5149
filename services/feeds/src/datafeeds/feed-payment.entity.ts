import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type FeedPaymentStatus = 'sent' | 'settled' | 'refused' | 'failed';

/** One x402 payment for a feed call; the platform's own record, no user's. */
@Entity({ name: 'feed_payments' })
export class FeedPaymentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'feed_id', type: 'varchar' }) feedId!: string;
  @Column({ name: 'resource_url', type: 'text' }) resourceUrl!: string;
  @Column({ type: 'varchar' }) network!: string;
  @Column({ type: 'varchar' }) asset!: string;
  @Column({ type: 'numeric' }) amount!: string;
  @Column({ name: 'pay_to', type: 'varchar' }) payTo!: string;
  @Column({ type: 'varchar' }) payer!: string;
  @Column({ type: 'varchar' }) status!: FeedPaymentStatus;
  @Column({ type: 'varchar', nullable: true }) transaction!: string | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true }) settledAt!: Date | null;
}
