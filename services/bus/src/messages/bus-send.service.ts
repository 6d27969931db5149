import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  a2aLimitOf, AMPLIFY_PREFIX, ApiError, BOOKING_PREFIX, BUS_MESSAGES as M, validateAs, AgentMessageDto,
  type BusSendReply, type SendAsAgentDto,
} from '@platform/contracts';
import { Db, isUniqueViolation } from '@platform/database';
import type { EntityManager } from 'typeorm';
import { Subscriptions } from '../amplification/subscriptions.service.js';
import { Deliveries, type Recipient } from '../delivery/deliveries.js';
import { PlatformQueries } from '../directory/platform-queries.js';
import { A2aCounter } from '../limits/a2a-counter.js';
import { bookingIdOf, Negotiations } from '../negotiation/negotiations.js';
import { signedBy, withinSkew } from './message-signature.js';
import { MessageEntity } from './message.entity.js';
import { lockMessage } from './order-locks.js';

/** What the action's prefix asks of the bus (extended-services 4.2). */
type Route =
  | { kind: 'booking'; bookingId: string; recipient: Recipient }
  | { kind: 'amplify' }
  | { kind: 'direct'; recipient: Recipient };

/**
 * Accepts signed agent messages (extended-services 5). Checks that need no lock come first; then one
 * of the day's A2A messages is taken (a2a-counter.ts: in a statement of its own, not the
 * transaction); then one transaction stores the message (its primary key refuses a replay), moves a
 * booking's negotiation, and stores and queues each recipient's copy. Any refusal, Redis's included,
 * undoes all of it and gives the day's message back.
 */
@Injectable()
export class BusSendService {
  constructor(
    private readonly db: Db,
    private readonly queries: PlatformQueries,
    private readonly counter: A2aCounter,
    private readonly negotiations: Negotiations,
    private readonly subscriptions: Subscriptions,
    private readonly deliveries: Deliveries,
  ) {}

  async send(body: unknown): Promise<BusSendReply> {
    const message = validateAs(AgentMessageDto, body);
    if (!withinSkew(message, Math.floor(Date.now() / 1000))) throw new ApiError(401, M.staleTimestamp);
    const sender = await this.queries.walletOf(message.from);
    if (!sender) throw new ApiError(401, M.unknownSender);
    if (!await signedBy(message, sender.address)) throw new ApiError(401, M.invalidSignature);
    const route = await this.route(message);
    const [plan, replayed] = await Promise.all([this.queries.plan(sender.userId), this.stored(sender.userId, message.messageId)]);
    // A reused messageId is 401 before the limit's 429: a client retrying a send whose answer it lost learns it was accepted, limit or not.
    if (replayed) throw new ApiError(401, M.replayedMessage);
    const day = await this.counter.take(sender.userId, a2aLimitOf(plan));
    try {
      await this.db.asSystem(async (manager) => {
        await this.store(manager, message, sender.userId);
        if (route.kind === 'booking') await this.negotiations.move(manager, message, route.bookingId);
        const recipients = route.kind === 'amplify' ? await this.subscriptions.audience(manager, message.from) : [route.recipient];
        await this.deliveries.add(manager, message.messageId, recipients, route.kind === 'booking' ? route.bookingId : null);
      });
    } catch (error) {
      await this.counter.giveBack(sender.userId, day);
      throw error;
    }
    return { success: true, messageId: message.messageId };
  }

  /** An agent's runtime sends as its agent: the bus stamps it and the agent's wallet signs it in the wallet service. */
  async sendAs(agentId: string, request: SendAsAgentDto): Promise<BusSendReply> {
    const unsigned = {
      messageId: request.messageId ?? randomUUID(), action: request.action, from: agentId, to: request.to,
      payload: request.payload, timestamp: Math.floor(Date.now() / 1000), ...(request.replyTo === undefined ? {} : { replyTo: request.replyTo }),
    };
    const signed = await this.queries.sign(agentId, unsigned);
    if (!signed) throw new ApiError(404, M.agentNotFound);
    return this.send({ ...unsigned, signature: signed.signature });
  }

  private async route(message: AgentMessageDto): Promise<Route> {
    const payload = parseJson(message.payload);
    if (message.action.startsWith(AMPLIFY_PREFIX)) return { kind: 'amplify' };
    const recipient = await this.queries.endpoint(message.to);
    if (!recipient) throw new ApiError(404, M.recipientNotFound);
    const to = { agentId: recipient.agentId, userId: recipient.userId };
    return message.action.startsWith(BOOKING_PREFIX) ? { kind: 'booking', bookingId: bookingIdOf(payload), recipient: to } : { kind: 'direct', recipient: to };
  }

  /** Whether the user's agents sent this messageId before; two sends of it at once are told apart by its primary key instead. */
  private async stored(userId: string, messageId: string): Promise<boolean> {
    return (await this.db.readAs(userId, 'SELECT 1 FROM bus.messages WHERE message_id = $1', [messageId])).length > 0;
  }

  private async store(manager: EntityManager, message: AgentMessageDto, userId: string): Promise<void> {
    await lockMessage(manager, message.messageId);
    await manager.insert(MessageEntity, {
      messageId: message.messageId, userId, action: message.action, fromAgentId: message.from, toAgentId: message.to,
      payload: message.payload, signedAt: message.timestamp, replyTo: message.replyTo ?? null, signature: message.signature,
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new ApiError(401, M.replayedMessage) : error;
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, M.payloadNotJson);
  }
}
