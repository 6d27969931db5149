import { Injectable } from '@nestjs/common';
import { ApiError, BookingSettlementDto, SKILL_MESSAGES as M, validateAs, type NegotiationReply } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { usdcString, usdcUnits } from '../money/usdc.js';
import { BusClient } from '../platform/bus-client.js';
import { WalletClient } from '../platform/wallet-client.js';
import { simulateSettlement } from './settlement.js';

/** The state of a negotiation (docs/bus.md) whose fee may be held. */
const ACCEPTED = 'accepted';

/**
 * booking-settlement: a booking negotiated on the bus has its fee held in an escrow wallet on chain
 * (create_escrow: from the requesting agent's wallet, by the requester's owner) and released to the
 * providing agent's wallet (release_funds), through the wallet service's transfers; list and get
 * show where escrows stand; simulate_settlement does the arithmetic and moves nothing.
 */
@Injectable()
export class BookingSettlementSkill implements Skill {
  readonly id = 'booking-settlement';

  constructor(private readonly bus: BusClient, private readonly wallet: WalletClient) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(BookingSettlementDto, body);
    switch (request.action) {
      case 'get': return this.get(caller, request.bookingId!);
      case 'create_escrow': return this.createEscrow(caller, request.bookingId!, usdcUnits(request.amount!));
      case 'release_funds': return { escrow: await this.wallet.releaseEscrow(caller, request.bookingId!) };
      case 'simulate_settlement': return {
        settlement: simulateSettlement({
          guarantee: usdcUnits(request.booking!.guarantee), backend: usdcUnits(request.booking!.backend ?? 0), deposit: usdcUnits(request.booking!.deposit ?? 0),
        }),
      };
      default: {
        const { escrows } = await this.wallet.escrows(caller);
        return { escrows, count: escrows.length };
      }
    }
  }

  /** The negotiation and the caller's escrow of it; 404 when the platform knows neither. */
  private async get(caller: SkillCaller, bookingId: string) {
    const [booking, escrow] = await Promise.all([
      this.bus.negotiation(bookingId),
      this.wallet.escrow(caller, bookingId).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ]);
    if (!booking && !escrow) throw new ApiError(404, M.bookingNotFound);
    return { booking, escrow };
  }

  /** Only an accepted booking is funded, by the owner of the agent that asked for it, to the agent that provides it. */
  private async createEscrow(caller: SkillCaller, bookingId: string, amount: bigint) {
    if (amount === 0n) throw new ApiError(400, M.amountRequired);
    const booking: NegotiationReply = await this.bus.negotiation(bookingId);
    if (!booking) throw new ApiError(404, M.bookingNotFound);
    if (booking.state !== ACCEPTED) throw new ApiError(409, M.bookingNotAccepted);
    const payer = await this.wallet.agentWallet(booking.requesterAgentId);
    if (payer?.userId !== caller.userId) throw new ApiError(403, M.notRequester);
    const escrow = await this.wallet.createEscrow(caller, {
      userId: caller.userId, bookingId, payerAgentId: booking.requesterAgentId, payeeAgentId: booking.providerAgentId, amount: usdcString(amount),
    });
    return { booking, escrow };
  }
}
