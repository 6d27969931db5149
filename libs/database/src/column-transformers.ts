import type { ValueTransformer } from 'typeorm';

/** pg returns bigint as a string (it may exceed 2^53); for counts and times that never do, a number. */
export const bigintAsNumber: ValueTransformer = { to: (value: number) => value, from: (value: string) => Number(value) };
