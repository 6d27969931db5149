import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import { renderCheckoutPage } from './checkout-page.js';
import type { CheckoutSessionRecord } from './checkout-session.record.js';
import { toCheckoutSession } from './checkout-session.mapper.js';
import type { CreateCheckoutSession } from './create-checkout-session.dto.js';
import { Customers } from './customers.service.js';
import type { EmittedEvent } from './emitted-event.model.js';
import { PaymentControls } from './payment-controls.service.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentsError } from './payments-error.js';
import { PaymentsStore } from './payments-store.service.js';
import type { StripeCheckoutSession } from './stripe-checkout-session.model.js';
import { newStripeId } from './stripe-id.js';
import { Subscriptions } from './subscriptions.service.js';

export interface CheckoutCompletion {
  session: StripeCheckoutSession;
  emitted: EmittedEvent;
}

@Injectable()
export class CheckoutSessions {
  constructor(
    private readonly store: PaymentsStore,
    private readonly customers: Customers,
    private readonly subscriptions: Subscriptions,
    private readonly events: PaymentEvents,
    private readonly controls: PaymentControls,
    private readonly clock: Clock,
  ) {}

  create(request: CreateCheckoutSession, baseUrl: string): StripeCheckoutSession {
    if (this.controls.current.failCheckouts) {
      throw new PaymentsError('processor_failing', 'The sandbox is set to fail checkout sessions (PUT /stripe/controls).');
    }
    // A parameter naming a missing object is a 400 at Stripe; the 404 is for the object in the path.
    if (request.customer !== null && !this.store.customers.get(request.customer)) {
      throw new PaymentsError('parameter_invalid', `No such customer: '${request.customer}'`, 'customer');
    }
    const session = toCheckoutSession(request, baseUrl, Math.floor(this.clock.now() / 1000));
    this.store.checkoutSessions.set(session.id, { session, lineItems: request.lineItems, subscriptionMetadata: request.subscriptionMetadata });
    return session;
  }

  get(id: string): StripeCheckoutSession {
    return this.record(id).session;
  }

  page(id: string): string {
    return renderCheckoutPage(this.record(id));
  }

  /**
   * The customer pays. In subscription mode Stripe starts the subscription, creating a customer
   * when the session named none; in payment mode the charge is a payment intent.
   */
  complete(id: string): CheckoutCompletion {
    const record = this.record(id);
    const { session } = record;
    if (session.status === 'complete') throw new PaymentsError('state_conflict', 'Checkout session already completed');
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    if (session.mode === 'subscription') {
      session.customer ??= this.customers.create({ email: null, name: null, metadata: {} }).id;
      session.subscription = this.subscriptions.start(session.customer, record.lineItems, record.subscriptionMetadata).id;
    } else {
      session.payment_intent = newStripeId('pi');
    }
    return { session, emitted: this.events.emit('checkout.session.completed', session) };
  }

  private record(id: string): CheckoutSessionRecord {
    const record = this.store.checkoutSessions.get(id);
    if (!record) throw new PaymentsError('resource_missing', `No such checkout.session: '${id}'`, 'id');
    return record;
  }
}
