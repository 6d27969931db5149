import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** IdP sign-in refused for this user until the provider says `account-enabled`. */
@Entity({ name: 'idp_sign_in_blocks' })
export class IdpSignInBlockEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'text' }) reason!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
