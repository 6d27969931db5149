import { Body, Controller, Delete, Put, UseFilters } from '@nestjs/common';
import { HookExceptionFilter } from './hook-exception.filter.js';
import { PaymentControls, type PaymentControlSettings } from './payment-controls.service.js';
import { PaymentsError } from './payments-error.js';

/** Hooks: make the processor misbehave, for the platform's failure paths. */
@Controller('stripe/controls')
@UseFilters(HookExceptionFilter)
export class PaymentControlsController {
  constructor(private readonly controls: PaymentControls) {}

  @Put()
  set(@Body() body: unknown): PaymentControlSettings {
    return this.controls.set(readSettings(body));
  }

  @Delete()
  reset(): { ok: true } {
    this.controls.reset();
    return { ok: true };
  }
}

function readSettings(body: unknown): PaymentControlSettings {
  const { failCheckouts } = (body ?? {}) as Record<string, unknown>;
  if (typeof failCheckouts !== 'boolean') throw new PaymentsError('parameter_invalid', 'failCheckouts must be a boolean', 'failCheckouts');
  return { failCheckouts };
}
