import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';

/** One fan of an organizer (`userId`), by lower-cased email. */
@Entity({ name: 'fans' })
export class FanEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @PrimaryColumn({ type: 'varchar' }) email!: string;
  @Column({ type: 'varchar', nullable: true }) name!: string | null;
  @Column({ type: 'integer' }) purchases!: number;
  @Column({ type: 'integer' }) tickets!: number;
  /** USDC units. */
  @Column({ type: 'numeric', transformer: numericAsBigint }) spent!: bigint;
  @Column({ name: 'first_seen_at', type: 'timestamptz' }) firstSeenAt!: Date;
  @Column({ name: 'last_purchase_at', type: 'timestamptz', nullable: true }) lastPurchaseAt!: Date | null;
}
