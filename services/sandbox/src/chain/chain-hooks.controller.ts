import { Body, Controller, Get, HttpCode, Post, Query, UseFilters } from '@nestjs/common';
import { ChainExceptionFilter } from './chain-exception.filter.js';
import { addressParam, amountParam, chainIdParam, saltParam } from './chain-hook-params.js';
import { ChainNodes, type SmartWalletView } from './chain-nodes.service.js';
import { ChainTreasury, type TreasuryView } from './chain-treasury.service.js';

type Fields = Record<string, unknown>;

/** Hooks that play the chain's users: funding an address, deploying a smart wallet, the treasury. */
@Controller('chain')
@UseFilters(ChainExceptionFilter)
export class ChainHooksController {
  constructor(private readonly nodes: ChainNodes, private readonly treasury: ChainTreasury) {}

  /** Mints `token` to `to`, or without a token sends native gas. */
  @Post('fund')
  @HttpCode(200)
  fund(@Body() body: Fields | undefined) {
    const { chainId, token, to, amount } = body ?? {};
    const id = chainIdParam(chainId);
    if (token === undefined) return this.nodes.fundNative(id, addressParam(to, 'to'), amountParam(amount));
    return this.nodes.fund(id, addressParam(token, 'token'), addressParam(to, 'to'), amountParam(amount));
  }

  @Get('treasury')
  treasuryView(): Promise<TreasuryView> {
    return this.treasury.view();
  }

  /** Where the factory puts `owner`'s wallet, whether it is there yet, and its ERC-6492 deployment call. */
  @Get('smart-wallets')
  smartWallet(@Query() query: Fields): Promise<SmartWalletView> {
    return this.nodes.smartWallet(chainIdParam(query.chainId), addressParam(query.owner, 'owner'), saltParam(query.salt));
  }

  @Post('smart-wallets')
  @HttpCode(200)
  deploySmartWallet(@Body() body: Fields | undefined): Promise<SmartWalletView> {
    const { chainId, owner, salt } = body ?? {};
    return this.nodes.deploySmartWallet(chainIdParam(chainId), addressParam(owner, 'owner'), saltParam(salt));
  }
}
