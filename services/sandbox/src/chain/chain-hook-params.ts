import { isAddress, type Address } from 'viem';
import { ChainError } from './chain-error.js';

/** A hook's fields, read as a script sends them: numbers may come as strings from a query. */
export function chainIdParam(value: unknown): number {
  const chainId = Number(value);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new ChainError(400, 'chainId must be a positive integer');
  return chainId;
}

export function addressParam(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new ChainError(400, `${field} must be a 0x-prefixed 20-byte address`);
  return value;
}

export function saltParam(value: unknown): bigint {
  if (value === undefined) return 0n;
  if ((typeof value !== 'string' && typeof value !== 'number') || !/^\d+$/.test(String(value))) throw new ChainError(400, 'salt must be a non-negative integer');
  return BigInt(value);
}

export function amountParam(value: unknown): string {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) throw new ChainError(400, 'amount must be a decimal string of token units, e.g. "12.5"');
  return value;
}
