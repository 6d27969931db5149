import { Injectable } from '@nestjs/common';
import { ApiError, BUS_MESSAGES as M, illegalBookingMove, notYourBookingMove, type AgentMessageDto, type NegotiationReply } from '@platform/contracts';
import { Db, isUniqueViolation } from '@platform/database';
import type { EntityManager } from 'typeorm';
import { bookingMove, isBookingAction, type BookingRole } from './booking-moves.js';
import { NegotiationEntity } from './negotiation.entity.js';

/** The bookingId of a BOOKING_ message's payload (JSON text already parsed). */
export function bookingIdOf(payload: unknown): string {
  const bookingId = (payload as { bookingId?: unknown } | null)?.bookingId;
  if (typeof bookingId !== 'string' || !/^\S{1,128}$/.test(bookingId)) throw new ApiError(400, M.bookingIdRequired);
  return bookingId;
}

/**
 * Booking negotiations (docs/bus.md): a BOOKING_ message moves its booking's negotiation, in the
 * transaction that accepts the message, or is refused: 409 for a move the state or the turn does
 * not allow, 403 for an agent that is not one of the booking's two.
 */
@Injectable()
export class Negotiations {
  constructor(private readonly db: Db) {}

  /** Where a booking stands, for the settlement skill; null when no negotiation has that bookingId. */
  async find(bookingId: string): Promise<NegotiationReply> {
    const found = await this.db.asSystem((manager) => manager.findOneBy(NegotiationEntity, { bookingId }));
    return found && {
      bookingId: found.bookingId, requesterAgentId: found.requesterAgentId, providerAgentId: found.providerAgentId,
      state: found.state, updatedAt: found.updatedAt.toISOString(),
    };
  }

  async move(manager: EntityManager, message: AgentMessageDto, bookingId: string): Promise<void> {
    if (!isBookingAction(message.action)) throw new ApiError(400, M.unknownBookingAction);
    const current = await manager.findOne(NegotiationEntity, { where: { bookingId }, lock: { mode: 'pessimistic_write' } });
    const role = current ? roleOf(current, message) : 'requester';
    const verdict = bookingMove(message.action, current?.state ?? null, role);
    if (!verdict.ok) {
      throw new ApiError(409, verdict.reason === 'turn' ? notYourBookingMove(message.action, current!.state) : illegalBookingMove(message.action, current?.state ?? null));
    }
    if (current) {
      await manager.update(NegotiationEntity, { bookingId }, { state: verdict.next, lastMessageId: message.messageId });
      return;
    }
    await manager.insert(NegotiationEntity, {
      bookingId, requesterAgentId: message.from, providerAgentId: message.to, state: verdict.next, lastMessageId: message.messageId,
    }).catch((error: unknown) => {
      // Two requests for one new booking at once: the one that lost finds it requested.
      throw isUniqueViolation(error) ? new ApiError(409, illegalBookingMove(message.action, 'requested')) : error;
    });
  }
}

/** The sender's part in the booking; the message must go to the other party. */
function roleOf(negotiation: NegotiationEntity, message: AgentMessageDto): BookingRole {
  const { requesterAgentId: requester, providerAgentId: provider } = negotiation;
  if (message.from === requester && message.to === provider) return 'requester';
  if (message.from === provider && message.to === requester) return 'provider';
  throw new ApiError(403, M.notBookingParty);
}
