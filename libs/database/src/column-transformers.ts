import type { ValueTransformer } from 'typeorm';

/** pg returns bigint as a string (it may exceed 2^53); for counts and times that never do, a number. */
export const bigintAsNumber: ValueTransformer = { to: (value: number) => value, from: (value: string) => Number(value) };

/** A numeric(78,0) of token units: exact as a bigint both ways (a uint256 does not fit a number). */
export const numericAsBigint: ValueTransformer = {
  to: (value: bigint | undefined) => (value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? value : BigInt(value)),
};
