import { Injectable } from '@nestjs/common';
import { x402Facilitator } from '@x402/core/facilitator';
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SupportedResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme as ExactEvmFacilitator } from '@x402/evm/exact/facilitator';
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server';
import { createWalletClient, http, publicActions, type Address, type VerifyTypedDataParameters } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { ChainNodes } from '../chain/chain-nodes.service.js';

/** The feeds are sold for USDC on base-sepolia, the sandbox's EIP-3009 token. */
export const FEED_NETWORK = `eip155:${baseSepolia.id}` as const;
export const FEED_PRICE = '$0.01';

/** Who the feeds are paid to: anvil's development account #3, which nothing else uses. */
export const FEED_SELLER: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

/**
 * The facilitator's account, anvil's #2 (its key is printed by anvil at every start): it settles
 * payments on the chain, so it must not share a nonce with the sandbox's hooks (#1) or the
 * treasury tests sign with (#0).
 */
const FACILITATOR_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

export interface SettledPayment {
  path: string;
  payer: string;
  amount: string;
  transaction: string;
  at: string;
}

/** A paid call's outcome: settled, or refused with the challenge to answer again (its `error` says why). */
export type PaymentOutcome = { paid: true; header: string; payment: SettledPayment } | { paid: false; challenge: PaymentRequired };

/**
 * The seller's side of x402 as @x402/core's resource server does it: the challenge of each paid path,
 * and a payment verified and settled on the sandbox chain by @x402/evm's facilitator, settled one at
 * a time (one account's nonces).
 */
@Injectable()
export class FeedSeller {
  private server?: Promise<x402ResourceServer>;
  private lastSettle: Promise<unknown> = Promise.resolve();
  private readonly settled: SettledPayment[] = [];

  constructor(private readonly nodes: ChainNodes) {}

  async challenge(resourceUrl: string, description: string, error?: string): Promise<PaymentRequired> {
    const server = await this.resourceServer();
    return server.createPaymentRequiredResponse(await this.requirements(), { url: resourceUrl, description, mimeType: 'application/json' }, error);
  }

  challengeHeader(challenge: PaymentRequired): string {
    return encodePaymentRequiredHeader(challenge);
  }

  async pay(path: string, resourceUrl: string, description: string, payload: PaymentPayload): Promise<PaymentOutcome> {
    const server = await this.resourceServer();
    const refuse = async (reason: string): Promise<PaymentOutcome> => ({ paid: false, challenge: await this.challenge(resourceUrl, description, reason) });
    const requirement: PaymentRequirements | undefined = server.findMatchingRequirements(await this.requirements(), payload);
    if (!requirement) return refuse('no_matching_requirements');
    const verified = await server.verifyPayment(payload, requirement);
    if (!verified.isValid) return refuse(verified.invalidReason ?? 'invalid_payment');
    const settling = this.lastSettle.catch(() => undefined).then(() => server.settlePayment(payload, requirement));
    this.lastSettle = settling;
    const settlement = await settling;
    if (!settlement.success) return refuse(settlement.errorReason ?? 'settlement_failed');
    const payment = { path, payer: settlement.payer ?? '', amount: requirement.amount, transaction: settlement.transaction, at: new Date().toISOString() };
    this.settled.push(payment);
    return { paid: true, header: encodePaymentResponseHeader(settlement), payment };
  }

  payments(): SettledPayment[] {
    return [...this.settled];
  }

  forget(): void {
    this.settled.length = 0;
  }

  private requirements(): Promise<PaymentRequirements[]> {
    return this.resourceServer().then((server) => server.buildPaymentRequirements({ scheme: 'exact', payTo: FEED_SELLER, price: FEED_PRICE, network: FEED_NETWORK, maxTimeoutSeconds: 60 }));
  }

  /** Made on first use: the chain nodes start with the module. */
  private resourceServer(): Promise<x402ResourceServer> {
    this.server ??= (async () => {
      const account = privateKeyToAccount(FACILITATOR_KEY);
      const client = createWalletClient({ account, chain: baseSepolia, transport: http(this.nodes.rpcUrl(baseSepolia.id)) }).extend(publicActions);
      const facilitator = new x402Facilitator().register(FEED_NETWORK, new ExactEvmFacilitator(toFacilitatorEvmSigner({
        ...client, address: account.address, verifyTypedData: (args) => client.verifyTypedData(args as VerifyTypedDataParameters),
      })));
      const server = new x402ResourceServer({
        verify: (payload, requirements) => facilitator.verify(payload, requirements),
        settle: (payload, requirements) => facilitator.settle(payload, requirements),
        // The facilitator names its networks as plain strings; they are the CAIP-2 ids it was registered with.
        getSupported: async () => facilitator.getSupported() as SupportedResponse,
      }).register(FEED_NETWORK, new ExactEvmServer());
      await server.initialize();
      return server;
    })();
    return this.server;
  }
}
