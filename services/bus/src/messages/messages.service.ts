import { Injectable } from '@nestjs/common';
import { ApiError, BUS_MESSAGES as M, type BusMessageView } from '@platform/contracts';
import { Db } from '@platform/database';
import { Deliveries } from '../delivery/deliveries.js';
import { MessageEntity, signedMessage } from './message.entity.js';

/** GET /api/underground/bus/messages/:messageId: a message and where each recipient's copy stands. */
@Injectable()
export class MessagesService {
  constructor(private readonly db: Db, private readonly deliveries: Deliveries) {}

  async status(messageId: string): Promise<BusMessageView> {
    return this.db.asSystem(async (manager) => {
      const message = await manager.findOneBy(MessageEntity, { messageId });
      if (!message) throw new ApiError(404, M.messageNotFound);
      const copies = await this.deliveries.ofMessage(manager, messageId);
      return {
        message: signedMessage(message),
        acceptedAt: message.acceptedAt.toISOString(),
        deliveries: copies.map((copy) => ({
          recipientAgentId: copy.recipientAgentId, status: copy.status, attempts: copy.attempts,
          lastError: copy.lastError, deliveredAt: copy.deliveredAt?.toISOString() ?? null,
        })),
      };
    });
  }
}
