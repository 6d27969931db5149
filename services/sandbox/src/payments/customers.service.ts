import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import type { CreateCustomer } from './create-customer.dto.js';
import { PaymentsError } from './payments-error.js';
import { PaymentsStore } from './payments-store.service.js';
import type { StripeCustomer } from './stripe-customer.model.js';
import { newStripeId } from './stripe-id.js';

@Injectable()
export class Customers {
  constructor(
    private readonly store: PaymentsStore,
    private readonly clock: Clock,
  ) {}

  create({ email, name, metadata }: CreateCustomer): StripeCustomer {
    const customer: StripeCustomer = {
      id: newStripeId('cus'),
      object: 'customer',
      email,
      name,
      metadata,
      created: Math.floor(this.clock.now() / 1000),
      livemode: false,
    };
    this.store.customers.set(customer.id, customer);
    return customer;
  }

  get(id: string): StripeCustomer {
    const customer = this.store.customers.get(id);
    if (!customer) throw new PaymentsError('resource_missing', `No such customer: '${id}'`, 'id');
    return customer;
  }
}
