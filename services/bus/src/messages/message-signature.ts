import { AGENT_MESSAGE_MAX_SKEW_SECONDS, agentMessageTypedData, type AgentMessageDto } from '@platform/contracts';
import { verifyTypedData, type Address, type Hex } from 'viem';

/** Whether the message was signed within the allowed skew of `nowSeconds`, before or after. */
export function withinSkew(message: AgentMessageDto, nowSeconds: number): boolean {
  return Math.abs(nowSeconds - message.timestamp) <= AGENT_MESSAGE_MAX_SKEW_SECONDS;
}

/** Whether `signer` signed the message's EIP-712 typed data; a malformed signature is no signature. */
export async function signedBy(message: AgentMessageDto, signer: string): Promise<boolean> {
  const { signature, ...unsigned } = message;
  return verifyTypedData({ address: signer as Address, signature: signature as Hex, ...agentMessageTypedData(unsigned) }).catch(() => false);
}
