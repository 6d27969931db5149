import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { InstallationMode } from '@platform/contracts';

/** One self-hosted installation per user (extended-services 4.4); registering again replaces it. */
@Entity({ name: 'installations' })
export class InstallationEntity {
  @PrimaryColumn({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ type: 'text' }) mode!: InstallationMode;
  @Column({ name: 'gateway_token', type: 'text', nullable: true }) gatewayToken!: string | null;
  @Column({ name: 'registered_at', type: 'timestamptz' }) registeredAt!: Date;
  @Column({ name: 'last_seen', type: 'timestamptz' }) lastSeen!: Date;
}
