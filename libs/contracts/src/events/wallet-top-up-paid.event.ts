import { IsInt, IsISO8601, IsString, IsUUID, Matches, Min } from 'class-validator';

/**
 * A card top-up of a wallet was paid at the processor (extended-services 6, metadata type
 * `wallet_top_up`). Billing receives the processor's event and publishes this; the wallet service credits it.
 */
export class WalletTopUpPaidEvent {
  @IsUUID() eventId!: string;
  /** The processor's checkout session: one top-up, however often its event is delivered. */
  @IsString() sessionId!: string;
  @Matches(/^0x[0-9a-fA-F]{40}$/) walletAddress!: string;
  @IsInt() @Min(1) amountCents!: number;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
