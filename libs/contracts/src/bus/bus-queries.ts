import { Type } from 'class-transformer';
import { IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { UnsignedAgentMessageDto } from './agent-message.js';

/** `svc.wallet.agent_wallet_of`: the wallet the platform holds for an agent. */
export class AgentWalletOfQuery {
  @IsString() @MaxLength(64) agentId!: string;
}

/** null when the platform holds no wallet for the agent. */
export type AgentWalletOfReply = { address: string; userId: string } | null;

/** `svc.wallet.sign_agent_message`: the agent's wallet signs the message's EIP-712 typed data; the key stays in the wallet service. */
export class SignAgentMessageQuery {
  @IsString() @MaxLength(64) agentId!: string;
  @IsObject() @ValidateNested() @Type(() => UnsignedAgentMessageDto) message!: UnsignedAgentMessageDto;
}

export interface SignAgentMessageReply {
  signature: `0x${string}`;
  address: string;
}

/** `svc.agents.bus_endpoint`: where and how the bus reaches an agent's runtime. */
export class BusEndpointQuery {
  @IsString() @MaxLength(64) agentId!: string;
}

/** null when there is no such agent; runtimeUrl null while it has no runtime. */
export type BusEndpointReply = {
  agentId: string;
  userId: string;
  status: string;
  runtimeUrl: string | null;
  gatewayToken: string;
} | null;

/** `svc.bus.event`: one underground event, for the ticketing skill. */
export class UndergroundEventQuery {
  @IsInt() @Min(1) @Max(2_147_483_647) eventId!: number;
}

/** `svc.bus.negotiation`: where a booking's negotiation stands, for the settlement skill. */
export class NegotiationQuery {
  @IsString() @MaxLength(128) bookingId!: string;
}

/** null when the bus has no negotiation for the bookingId. */
export type NegotiationReply = {
  bookingId: string;
  requesterAgentId: string;
  providerAgentId: string;
  state: string;
  updatedAt: string;
} | null;
