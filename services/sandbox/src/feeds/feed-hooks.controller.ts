import { BadRequestException, Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { FeedControls, OVERSIZED_ANSWERS, type FeedCall, type FeedControl, type OversizedAnswer } from './feed-controls.service.js';
import { FEED_NETWORK, FEED_PRICE, FEED_SELLER, FeedSeller, type SettledPayment } from './feed-seller.service.js';

/** Hooks for scripts and tests (docs/sandbox.md): errors, hangs, oversized answers and free mode; the calls and payments the feeds received. */
@Controller('feeds')
export class FeedHooksController {
  constructor(private readonly controls: FeedControls, private readonly seller: FeedSeller) {}

  @Put('controls')
  set(@Body() body: unknown): FeedControl {
    const { status, hang, free, oversized } = (body ?? {}) as Record<string, unknown>;
    if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)) throw new BadRequestException('status must be 400-599');
    for (const [name, value] of Object.entries({ hang, free })) {
      if (value !== undefined && typeof value !== 'boolean') throw new BadRequestException(`${name} must be a boolean`);
    }
    if (oversized !== undefined && !OVERSIZED_ANSWERS.includes(oversized as OversizedAnswer)) throw new BadRequestException(`oversized must be ${OVERSIZED_ANSWERS.join(' or ')}`);
    this.controls.control = { status, hang, free, oversized } as FeedControl;
    return this.controls.control;
  }

  /** Clears the controls, the call log and the payment log. */
  @Delete('controls')
  reset(): { ok: true } {
    this.controls.reset();
    this.seller.forget();
    return { ok: true };
  }

  @Get('calls')
  calls(): { calls: FeedCall[] } {
    return { calls: this.controls.list() };
  }

  @Get('payments')
  payments(): { network: string; price: string; payTo: string; payments: SettledPayment[] } {
    return { network: FEED_NETWORK, price: FEED_PRICE, payTo: FEED_SELLER, payments: this.seller.payments() };
  }
}
