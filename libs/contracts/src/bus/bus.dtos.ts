import { IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BUS_MESSAGES as M } from './bus-messages.js';

const AGENT_ID = /^\S{1,64}$/;

/**
 * POST /api/underground/bus/agents/:agentId/send: what an agent's runtime sends as its agent; the
 * bus fills in `from`, the timestamp and (when absent) the messageId, and the wallet service signs.
 */
export class SendAsAgentDto {
  @IsOptional() @MaxLength(128, { message: 'messageId is required' }) @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'messageId is required' })
  @IsString({ message: 'messageId is required' })
  messageId?: string;

  @Matches(/^[A-Z][A-Z0-9_]{0,63}$/, { message: 'action is required' }) @IsString({ message: 'action is required' })
  action!: string;

  @Matches(AGENT_ID, { message: 'to is required' }) @IsString({ message: 'to is required' })
  to!: string;

  @MaxLength(65_536, { message: M.payloadNotJson }) @IsString({ message: M.payloadNotJson })
  payload!: string;

  @IsOptional() @MaxLength(128, { message: 'replyTo must be a messageId' }) @IsString({ message: 'replyTo must be a messageId' })
  replyTo?: string;
}

export class AgentIdParams {
  @Matches(AGENT_ID, { message: M.agentIdInvalid }) @IsString({ message: M.agentIdInvalid }) agentId!: string;
}

export class MessageIdParams {
  @MaxLength(128, { message: M.messageIdInvalid }) @IsString({ message: M.messageIdInvalid }) messageId!: string;
}

/** POST and DELETE /api/underground/bus/subscriptions: the subscriber hears the publisher's AMPLIFY_ messages. */
export class BusSubscriptionDto {
  @Matches(AGENT_ID, { message: M.publisherRequired }) @IsString({ message: M.publisherRequired }) publisherAgentId!: string;
  @Matches(AGENT_ID, { message: M.subscriberRequired }) @IsString({ message: M.subscriberRequired }) subscriberAgentId!: string;
}

/** POST /api/underground/events: every field of the Event resource but its id (extended-services 2). */
export class CreateUndergroundEventDto {
  @Matches(AGENT_ID, { message: M.eventAgentRequired }) @IsString({ message: M.eventAgentRequired }) agent_id!: string;
  @MaxLength(255, { message: M.eventNameRequired }) @Matches(/\S/, { message: M.eventNameRequired }) @IsString({ message: M.eventNameRequired }) name!: string;
  @MaxLength(5000, { message: M.eventDescriptionRequired }) @Matches(/\S/, { message: M.eventDescriptionRequired }) @IsString({ message: M.eventDescriptionRequired })
  description!: string;
  @MaxLength(255, { message: M.eventVenueRequired }) @Matches(/\S/, { message: M.eventVenueRequired }) @IsString({ message: M.eventVenueRequired }) venue!: string;
  @IsISO8601({ strict: true }, { message: M.eventDateRequired }) @IsString({ message: M.eventDateRequired }) event_date!: string;
  @Matches(/^\d{1,12}(\.\d{1,6})?$/, { message: M.eventPriceRequired }) @IsString({ message: M.eventPriceRequired }) ticket_price_usdc!: string;
  @Max(1_000_000_000, { message: M.eventTicketsRequired }) @Min(0, { message: M.eventTicketsRequired }) @IsInt({ message: M.eventTicketsRequired })
  total_tickets!: number;
}
