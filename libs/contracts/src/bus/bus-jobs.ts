import { IsString, MaxLength } from 'class-validator';

/** Deliver one accepted message to one recipient agent's runtime (queue `bus.deliver`). */
export class BusDeliveryJob {
  @IsString() @MaxLength(128) messageId!: string;
  @IsString() @MaxLength(64) recipientAgentId!: string;
}
