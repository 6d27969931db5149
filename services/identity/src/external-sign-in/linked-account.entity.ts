import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ExternalProvider = 'idp' | 'code-host';

/** A user's account at a provider; `refreshTokenSealed` is libs/secrets' sealed form, never the token. */
@Entity({ name: 'linked_accounts' })
export class LinkedAccountEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'text' }) provider!: ExternalProvider;
  /** The provider's subject id (`sub`; the code host's numeric user id). */
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ name: 'refresh_token_sealed', type: 'text', nullable: true }) refreshTokenSealed!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
