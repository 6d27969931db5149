import { applyDecorators, Controller, UseFilters, UseGuards } from '@nestjs/common';
import { StripeApiExceptionFilter } from './stripe-api-exception.filter.js';
import { StripeApiKeyGuard } from './stripe-api-key.guard.js';

/** A controller of Stripe's API, at Stripe's own path (`v1/...` at the root): key required, errors in Stripe's shape. */
export function StripeApi(path: string): ClassDecorator {
  return applyDecorators(Controller(path), UseGuards(StripeApiKeyGuard), UseFilters(StripeApiExceptionFilter));
}
