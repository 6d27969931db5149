import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The nonce of one consent in flight: the callback deletes it, so a state is good once. */
@Entity({ name: 'calendar_oauth_states' })
export class CalendarOAuthStateEntity {
  @PrimaryColumn({ type: 'varchar' }) nonce!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
}
