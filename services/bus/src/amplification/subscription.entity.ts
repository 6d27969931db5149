import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The subscriber hears the publisher's AMPLIFY_ messages; `userId` is the subscriber's owner. */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'publisher_agent_id', type: 'varchar' }) publisherAgentId!: string;
  @PrimaryColumn({ name: 'subscriber_agent_id', type: 'varchar' }) subscriberAgentId!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
