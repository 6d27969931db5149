import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '@platform/database';
import type { AgentMessageDto } from '@platform/contracts';

/** An accepted agent message, as signed; `userId` is the sender's owner. */
@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryColumn({ name: 'message_id', type: 'varchar' }) messageId!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) action!: string;
  @Column({ name: 'from_agent_id', type: 'varchar' }) fromAgentId!: string;
  @Column({ name: 'to_agent_id', type: 'varchar' }) toAgentId!: string;
  @Column({ type: 'text' }) payload!: string;
  /** The message's `timestamp` (Unix seconds), as signed. */
  @Column({ name: 'signed_at', type: 'bigint', transformer: bigintAsNumber }) signedAt!: number;
  @Column({ name: 'reply_to', type: 'varchar', nullable: true }) replyTo!: string | null;
  @Column({ type: 'text' }) signature!: string;
  @CreateDateColumn({ name: 'accepted_at', type: 'timestamptz' }) acceptedAt!: Date;
}

/** The message as its sender signed it: what a runtime receives and the status route shows. */
export function signedMessage(row: MessageEntity): AgentMessageDto {
  return {
    messageId: row.messageId, action: row.action, from: row.fromAgentId, to: row.toAgentId, payload: row.payload,
    timestamp: row.signedAt, ...(row.replyTo === null ? {} : { replyTo: row.replyTo }), signature: row.signature,
  };
}
