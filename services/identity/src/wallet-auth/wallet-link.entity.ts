import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'wallet_links' })
export class WalletLinkEntity {
  /** Lower case. */
  @PrimaryColumn({ type: 'text' }) address!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'chain_id', type: 'integer' }) chainId!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_sign_in_at', type: 'timestamptz' }) lastSignInAt!: Date;
}
