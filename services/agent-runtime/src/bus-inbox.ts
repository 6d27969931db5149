import type { AgentMessageDto, BusDeliveryReceipt } from '@platform/contracts';
import type { BusReplier } from './bus-replier.js';
import type { DeliveredIds } from './delivered-ids.js';
import type { MessageHistory } from './message-history.js';
import { parsePayload } from './reply-rules.js';

/**
 * Messages the bus delivers (RUNTIME_PATHS.busMessages): each kept once in the history, whatever
 * the redeliveries, and handed to the replier only after it is stored, so acknowledging a delivery
 * never waits for a model.
 */
export class BusInbox {
  constructor(
    private readonly history: MessageHistory,
    private readonly delivered: DeliveredIds,
    private readonly replier: BusReplier,
  ) {}

  async receive(message: AgentMessageDto): Promise<BusDeliveryReceipt> {
    const payload = parsePayload(message.payload);
    const { messageId } = message;
    if (!this.delivered.claim(messageId)) return { received: true, messageId, duplicate: true };
    try {
      await this.history.append({
        role: 'user',
        content: message.payload,
        bus: { messageId, action: message.action, from: message.from, to: message.to, ...(message.replyTo ? { replyTo: message.replyTo } : {}) },
      });
    } catch (error) {
      this.delivered.release(messageId);
      throw error;
    }
    // Pending before delivered: a stop in between leaves the id in the history (read back at boot) and the reply owed.
    await this.replier.accept(message, payload);
    await this.delivered.save();
    return { received: true, messageId, duplicate: false };
  }
}
