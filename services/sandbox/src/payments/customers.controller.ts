import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { readCreateCustomer } from './create-customer.dto.js';
import { Customers } from './customers.service.js';
import { StripeApi } from './stripe-api.decorator.js';
import type { StripeCustomer } from './stripe-customer.model.js';

@StripeApi('v1/customers')
export class CustomersController {
  constructor(private readonly customers: Customers) {}

  @Post()
  @HttpCode(200)
  create(@Body() body: unknown): StripeCustomer {
    return this.customers.create(readCreateCustomer(body));
  }

  @Get(':id')
  get(@Param('id') id: string): StripeCustomer {
    return this.customers.get(id);
  }
}
