import { WALLET_USDC } from '@platform/chain';
import { amountText } from '@platform/contracts';
import { formatUnits, parseUnits } from 'viem';

/** A validated amount (IsUsdcAmount) in the units of the USDC the wallet service pays in, never in floating point. */
export const usdcUnits = (amount: number | string): bigint => parseUnits(amountText(amount), WALLET_USDC.decimals);

/** Units as the exact decimal text answers carry: 12500000n → "12.5". */
export const usdcString = (units: bigint): string => formatUnits(units, WALLET_USDC.decimals);
