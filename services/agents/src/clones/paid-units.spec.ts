import { describe, expect, it } from '@jest/globals';
import { encodeAbiParameters, encodeEventTopics, erc20Abi, type Address, type Log } from 'viem';
import { paidUnits } from './paid-units.js';

const TOKEN: Address = '0x20c0000000000000000000000000000000000000';
const OTHER_TOKEN: Address = '0x20c0000000000000000000000000000000000001';
const PAYER: Address = '0x1111111111111111111111111111111111111111';
const PAYEE: Address = '0x2222222222222222222222222222222222222222';
const STRANGER: Address = '0x3333333333333333333333333333333333333333';

const transfer = (token: Address, from: Address, to: Address, value: bigint): Log => ({
  address: token,
  topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from, to } }) as Log['topics'],
  data: encodeAbiParameters([{ type: 'uint256' }], [value]),
  blockHash: null, blockNumber: null, logIndex: null, transactionHash: null, transactionIndex: null, removed: false,
});

describe('paidUnits', () => {
  it('counts a transfer of the token from the payer to the payee', () => {
    expect(paidUnits([transfer(TOKEN, PAYER, PAYEE, 1_000_000n)], TOKEN, PAYER, PAYEE)).toBe(1_000_000n);
  });

  it('adds up several transfers in one transaction', () => {
    expect(paidUnits([transfer(TOKEN, PAYER, PAYEE, 400_000n), transfer(TOKEN, PAYER, PAYEE, 600_000n)], TOKEN, PAYER, PAYEE)).toBe(1_000_000n);
  });

  it.each([
    ['another token', transfer(OTHER_TOKEN, PAYER, PAYEE, 5_000_000n)],
    ['another payer', transfer(TOKEN, STRANGER, PAYEE, 5_000_000n)],
    ['another payee', transfer(TOKEN, PAYER, STRANGER, 5_000_000n)],
  ])('counts nothing for %s', (_case, log) => {
    expect(paidUnits([log], TOKEN, PAYER, PAYEE)).toBe(0n);
  });

  it('compares addresses whatever their case', () => {
    expect(paidUnits([transfer(TOKEN, PAYER, PAYEE, 7n)], TOKEN, PAYER, PAYEE.toUpperCase().replace('0X', '0x') as Address)).toBe(7n);
  });
});
