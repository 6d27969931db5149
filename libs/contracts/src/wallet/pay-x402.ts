import { IsObject, Matches } from 'class-validator';

/**
 * `svc.wallet.pay_x402`: pay one x402 challenge with the platform's agentic wallet. `paymentRequired`
 * is the challenge as x402 v2 sends it (@x402/core's PaymentRequired: x402Version, resource,
 * accepts); `maxAmount` caps what may be paid, in the asset's smallest units (USDC: 6 decimals).
 */
export class PayX402Query {
  @IsObject() paymentRequired!: Record<string, unknown>;
  @Matches(/^\d{1,78}$/, { message: 'maxAmount must be a whole number of the asset\'s smallest units' }) maxAmount!: string;
}

export interface PayX402Reply {
  /** The headers that carry the payment on the retried request (x402 v2: PAYMENT-SIGNATURE). */
  headers: Record<string, string>;
  /** The agentic wallet's address, which signed the payment. */
  payer: string;
  /** The requirement paid: its network (CAIP-2), asset, amount and payee. */
  network: string;
  asset: string;
  amount: string;
  payTo: string;
}
