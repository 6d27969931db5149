import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's connected calendar; both tokens sealed (libs/secrets), opened only to call the provider. */
@Entity({ name: 'calendar_connections' })
export class CalendarConnectionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'calendar_id', type: 'varchar' }) calendarId!: string;
  @Column({ name: 'time_zone', type: 'varchar' }) timeZone!: string;
  @Column({ name: 'sealed_access_token', type: 'text', select: false }) sealedAccessToken!: string;
  @Column({ name: 'sealed_refresh_token', type: 'text', select: false }) sealedRefreshToken!: string;
  @Column({ name: 'access_expires_at', type: 'timestamptz', nullable: true }) accessExpiresAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
