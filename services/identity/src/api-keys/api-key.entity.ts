import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Two hashes of one key, for two lookups the spec names: bcrypt found by the 10-character prefix
 * (POST /api/keys/validate), and SHA-256 found by equality (POST /api/validate-key, edge auth).
 */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'key_prefix', type: 'text' }) keyPrefix!: string;
  @Column({ name: 'key_hash', type: 'text' }) keyHash!: string;
  @Column({ name: 'key_digest', type: 'text', unique: true }) keyDigest!: string;
  @Column({ name: 'key_preview', type: 'text' }) keyPreview!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  /** bigint comes back from pg as text; the transformer keeps it a number (caps are far below 2^53). */
  @Column({
    name: 'monthly_spend_cap_micros', type: 'bigint', nullable: true,
    transformer: { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) },
  })
  monthlySpendCapMicros!: number | null;
}
