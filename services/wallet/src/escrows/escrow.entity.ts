import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';

/** A booking's fee held in a wallet of its own until released to the payee (docs/wallet.md, Escrows). */
@Entity({ name: 'escrows' })
export class EscrowEntity {
  @PrimaryColumn({ name: 'booking_id', type: 'varchar' }) bookingId!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'payer_agent_id', type: 'varchar' }) payerAgentId!: string;
  @Column({ name: 'payer_address', type: 'varchar' }) payerAddress!: string;
  @Column({ name: 'escrow_address', type: 'varchar' }) escrowAddress!: string;
  @Column({ name: 'payee_agent_id', type: 'varchar' }) payeeAgentId!: string;
  @Column({ name: 'payee_address', type: 'varchar' }) payeeAddress!: string;
  /** Smallest USDC units. */
  @Column({ type: 'numeric', transformer: numericAsBigint }) amount!: bigint;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
