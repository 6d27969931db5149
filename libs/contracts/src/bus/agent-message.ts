import { IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

/**
 * An agent message on the bus without its signature: what the sender signs, and what the wallet
 * service is asked to sign for an agent (`svc.wallet.sign_agent_message`).
 */
export class UnsignedAgentMessageDto {
  @MaxLength(128, { message: 'messageId is required' }) @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'messageId is required' })
  @IsString({ message: 'messageId is required' })
  messageId!: string;

  /** Upper-case words joined by `_`; the prefix routes it (`BOOKING_`, `AMPLIFY_`). */
  @Matches(/^[A-Z][A-Z0-9_]{0,63}$/, { message: 'action is required' }) @IsString({ message: 'action is required' })
  action!: string;

  /** The sending agent's id. */
  @MaxLength(64, { message: 'from is required' }) @Matches(/\S/, { message: 'from is required' }) @IsString({ message: 'from is required' })
  from!: string;

  /** The receiving agent's id; for an `AMPLIFY_` action, ignored (the sender's subscribers receive it). */
  @MaxLength(64, { message: 'to is required' }) @Matches(/\S/, { message: 'to is required' }) @IsString({ message: 'to is required' })
  to!: string;

  /** JSON text, at most 64 KB. */
  @MaxLength(65_536, { message: 'payload must be JSON text of at most 64 KB' }) @IsString({ message: 'payload must be JSON text of at most 64 KB' })
  payload!: string;

  /** Unix seconds when the sender signed; accepted within AGENT_MESSAGE_MAX_SKEW_SECONDS of the bus's clock. */
  @Min(0, { message: 'timestamp must be Unix seconds' }) @IsInt({ message: 'timestamp must be Unix seconds' })
  timestamp!: number;

  /** The messageId this one answers, if it does. */
  @IsOptional() @MaxLength(128, { message: 'replyTo must be a messageId' }) @IsString({ message: 'replyTo must be a messageId' })
  replyTo?: string;
}

/**
 * An agent message on the bus (extended-services 2 "Agent message": messageId, action, signature;
 * the routing fields are ours, docs/spec-decisions.md). `payload` is JSON text: the signature covers
 * the exact characters sent, so no party has to re-serialize it the same way to check one.
 */
export class AgentMessageDto extends UnsignedAgentMessageDto {
  /** EIP-712 signature over AGENT_MESSAGE_TYPES by the sender agent's wallet. */
  @Matches(/^0x[0-9a-fA-F]+$/, { message: 'signature is required' }) @IsString({ message: 'signature is required' })
  signature!: string;
}

/** How far a message's timestamp may be from the bus's clock (extended-services 8: 5 minutes). */
export const AGENT_MESSAGE_MAX_SKEW_SECONDS = 300;

/**
 * The EIP-712 domain of agent messages: agent wallets live on base-sepolia (84532, extended-services 2), and
 * the domain names the bus so a signature made for it is good for nothing else.
 */
export const AGENT_MESSAGE_DOMAIN = { name: 'Agent Bus', version: '1', chainId: 84532 } as const;

export const AGENT_MESSAGE_TYPES = {
  AgentMessage: [
    { name: 'messageId', type: 'string' },
    { name: 'action', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'payload', type: 'string' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'replyTo', type: 'string' },
  ],
} as const;

/** What is signed: the message without its signature (`replyTo` '' when it answers nothing). */
export type UnsignedAgentMessage = UnsignedAgentMessageDto;

/** The typed data of a message, for signing (viem `signTypedData`) and verifying (`verifyTypedData`). */
export function agentMessageTypedData(message: UnsignedAgentMessage) {
  return {
    domain: AGENT_MESSAGE_DOMAIN,
    types: AGENT_MESSAGE_TYPES,
    primaryType: 'AgentMessage' as const,
    message: {
      messageId: message.messageId,
      action: message.action,
      from: message.from,
      to: message.to,
      payload: message.payload,
      timestamp: BigInt(message.timestamp),
      replyTo: message.replyTo ?? '',
    },
  };
}

/** Routing by action prefix (extended-services 4.2). */
export const BOOKING_PREFIX = 'BOOKING_';
export const AMPLIFY_PREFIX = 'AMPLIFY_';
