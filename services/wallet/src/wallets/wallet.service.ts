import { Inject, Injectable } from '@nestjs/common';
import {
  AGENTIC_WALLET_FEATURES, ApiError, unauthorized, validateAs, WalletActionDto, WALLET_MESSAGES as M, type AuthContext,
} from '@platform/contracts';
import { BalancesService } from '../balances/balances.service.js';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { SessionWallets } from './session-wallets.service.js';

/** GET and POST /api/wallet (extended-services 4.1). */
@Injectable()
export class WalletService {
  constructor(
    @Inject(WALLET_ENV) private readonly env: WalletEnv,
    private readonly balances: BalancesService,
    private readonly sessionWallets: SessionWallets,
  ) {}

  /**
   * With `address` in the query (even empty: 400) the balances of any address, for anyone; without
   * it the agentic wallet when the custodial provider is configured, else the caller's session wallet.
   */
  async get(address: unknown, auth: AuthContext | null): Promise<object> {
    if (address !== undefined) return this.balances.of(String(address));
    if (this.env.CUSTODIAL_PROJECT_ID) {
      return {
        agenticWallet: { status: 'configured', projectId: this.env.CUSTODIAL_PROJECT_ID, features: AGENTIC_WALLET_FEATURES },
        instructions: M.agenticInstructions,
      };
    }
    if (!auth) throw unauthorized();
    return this.sessionWallets.view(auth);
  }

  async act(user: AuthContext, body: unknown): Promise<object> {
    const { action } = validateAs(WalletActionDto, body);
    switch (action) {
      case 'create':
        return this.sessionWallets.create(user);
      case 'get_seed':
        return this.sessionWallets.seed(user);
      case 'export_seed':
        throw new ApiError(403, M.exportDisabled);
    }
  }
}
