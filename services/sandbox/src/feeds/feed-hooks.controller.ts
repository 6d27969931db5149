import { BadRequestException, Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { FeedControls, type FeedCall, type FeedControl } from './feed-controls.service.js';
import { FEED_NETWORK, FEED_PRICE, FEED_SELLER, FeedSeller, type SettledPayment } from './feed-seller.service.js';

/** Hooks for scripts and tests (docs/sandbox.md): errors, hangs and free mode; the calls and payments the feeds received. */
@Controller('feeds')
export class FeedHooksController {
  constructor(private readonly controls: FeedControls, private readonly seller: FeedSeller) {}

  @Put('controls')
  set(@Body() body: unknown): FeedControl {
    const { status, hang, free } = (body ?? {}) as Record<string, unknown>;
    if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)) throw new BadRequestException('status must be 400-599');
    for (const [name, value] of Object.entries({ hang, free })) {
      if (value !== undefined && typeof value !== 'boolean') throw new BadRequestException(`${name} must be a boolean`);
    }
    this.controls.control = { status, hang, free } as FeedControl;
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
