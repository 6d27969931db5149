import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type WalletKind = 'session' | 'custodial' | 'agent' | 'escrow';

/** A wallet whose key the platform holds, sealed; `sealedKey` is opened only to sign. */
@Entity({ name: 'wallets' })
export class WalletEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) kind!: WalletKind;
  @Column({ type: 'varchar' }) address!: string;
  @Column({ name: 'sealed_key', type: 'text', select: false }) sealedKey!: string;
  @Column({ name: 'agent_id', type: 'varchar', nullable: true }) agentId!: string | null;
  @Column({ type: 'varchar', nullable: true }) email!: string | null;
  @Column({ type: 'varchar' }) network!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
