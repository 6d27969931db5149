import { randomUUID } from 'node:crypto';
import type { BusSendReply, SendAsAgentDto } from '@platform/contracts';
import type { BusClient, OutgoingBusMessage } from './bus-client.js';
import type { HistoryMessage, MessageHistory } from './message-history.js';
import { RuntimeError } from './runtime-error.js';

export const BUS_UNAVAILABLE = 'Bus unavailable';

/** The history entry of a message the agent sent: its payload as content, its routing fields under `bus`. */
export function sentEntry(agentId: string, message: OutgoingBusMessage): Omit<HistoryMessage, 'at'> {
  return {
    role: 'assistant',
    content: message.payload,
    bus: { messageId: message.messageId, action: message.action, from: agentId, to: message.to, ...(message.replyTo ? { replyTo: message.replyTo } : {}) },
  };
}

/**
 * Messages the agent starts on its owner's word (RUNTIME_PATHS.busSend), e.g. a BOOKING_REQUEST:
 * sent through the bus once, the caller waiting, and kept in the history when the bus takes it,
 * so the agent's side of a conversation is there as well as the other's.
 */
export class BusOutbox {
  constructor(private readonly agentId: string, private readonly bus: BusClient, private readonly history: MessageHistory) {}

  async send(request: SendAsAgentDto): Promise<BusSendReply> {
    const message = { ...request, messageId: request.messageId ?? randomUUID() };
    const answer = await this.bus.post(message);
    if (answer.status === undefined) throw new RuntimeError(503, BUS_UNAVAILABLE);
    if (answer.status >= 300) throw new RuntimeError(answer.status, answer.error ?? BUS_UNAVAILABLE);
    await this.history.append(sentEntry(this.agentId, message));
    return { success: true, messageId: message.messageId };
  }
}
