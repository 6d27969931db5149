import { ApiError, TRANSACTIONS_MESSAGES as M, type WalletTransactionView } from '@platform/contracts';

/** Where a page ended: the last entry's time and id. Opaque to clients (base64url JSON). */
interface Cursor {
  time: number;
  id: string;
}

export interface TransactionPage {
  transactions: WalletTransactionView[];
  nextCursor: string | null;
}

const positionOf = (entry: WalletTransactionView): Cursor => ({ time: Date.parse(entry.timestamp), id: entry.id });

/** Newest first; entries of the same moment by id, so the order, and so every cursor, is total. */
function before(a: Cursor, b: Cursor): number {
  return b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function encodeCursor(entry: WalletTransactionView): string {
  const { time, id } = positionOf(entry);
  return Buffer.from(JSON.stringify([time, id])).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (Number.isSafeInteger(time) && typeof id === 'string') return { time: time as number, id };
  } catch {
    // Not JSON: refused below like any other cursor this service did not make.
  }
  throw new ApiError(400, M.invalidCursor);
}

/**
 * One page of the merged history, newest first: the `limit` entries after `cursor`. A cursor names a
 * position, not an index, so entries arriving meanwhile neither repeat nor skip one on the next page.
 */
export function pageOf(entries: WalletTransactionView[], limit: number, cursor?: string): TransactionPage {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const sorted = [...entries].sort((a, b) => before(positionOf(a), positionOf(b)));
  const rest = after ? sorted.filter((entry) => before(after, positionOf(entry)) < 0) : sorted;
  const transactions = rest.slice(0, limit);
  return { transactions, nextCursor: rest.length > limit ? encodeCursor(transactions.at(-1)!) : null };
}
