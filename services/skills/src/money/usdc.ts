import { amountText } from '@platform/contracts';
import { formatUnits, parseUnits } from 'viem';

/** USDC's decimals: amounts are counted in these units, never in floating point. */
const USDC_DECIMALS = 6;

/** A validated amount (IsUsdcAmount) in USDC units. */
export const usdcUnits = (amount: number | string): bigint => parseUnits(amountText(amount), USDC_DECIMALS);

/** Units as the exact decimal text answers carry: 12500000n → "12.5". */
export const usdcString = (units: bigint): string => formatUnits(units, USDC_DECIMALS);
