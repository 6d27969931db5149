import { describe, expect, it } from '@jest/globals';
import type { WalletTransactionView } from '@platform/contracts';
import { decodeCursor, encodeCursor, pageOf } from './transaction-page.js';

const entry = (id: string, timestamp: string): WalletTransactionView => ({
  id, type: 'transfer', direction: 'in', amount: '1', token: 'USDC', counterparty: null, txHash: null, status: 'confirmed', timestamp, calls: null,
});

const a = entry('a', '2026-01-01T00:00:01.000Z');
const b = entry('b', '2026-01-01T00:00:02.000Z');
const c = entry('c', '2026-01-01T00:00:02.000Z');
const d = entry('d', '2026-01-01T00:00:03.000Z');

describe('pageOf', () => {
  it('orders newest first, entries of the same moment by id, descending', () => {
    expect(pageOf([a, b, d, c], 10).transactions).toEqual([d, c, b, a]);
  });

  it('answers a cursor while more entries follow, and none on the last page', () => {
    const first = pageOf([a, b, c, d], 2);
    expect(first).toEqual({ transactions: [d, c], nextCursor: encodeCursor(c) });

    expect(pageOf([a, b, c, d], 2, first.nextCursor!)).toEqual({ transactions: [b, a], nextCursor: null });
  });

  it('resumes after the cursor\'s position even when newer entries arrived meanwhile', () => {
    const newer = entry('e', '2026-01-01T00:00:09.000Z');

    expect(pageOf([newer, a, b, c, d], 2, encodeCursor(c)).transactions).toEqual([b, a]);
  });

  it.each(['', 'not-base64-json', Buffer.from('{"time":1}').toString('base64url'), Buffer.from('[1.5,"a"]').toString('base64url')])(
    'refuses the cursor %j with 400 Invalid cursor', (cursor) => {
      expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ status: 400, message: 'Invalid cursor' }));
    },
  );
});
