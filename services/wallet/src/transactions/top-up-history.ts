import { Injectable } from '@nestjs/common';
import { Db } from '@platform/database';
import type { TransferStatus } from '../transfers/transfer.entity.js';

/** The top-ups of one address, newest first, at most this many: more than any page reaches. */
const MAX_TOP_UPS = 1000;

/** A credited top-up with its transfer's state, if one is planned yet. */
export interface TopUpRecord {
  sessionId: string;
  amountCents: number;
  calls: number;
  paidAt: Date;
  transferStatus: TransferStatus | null;
  txHash: string | null;
  from: string | null;
}

/** The platform's credits to an address: read as the system, as a top-up's transfer belongs to no user. */
@Injectable()
export class TopUpHistory {
  constructor(private readonly db: Db) {}

  of(address: string): Promise<TopUpRecord[]> {
    return this.db.asSystem((manager) => manager.query(
      `SELECT top_up.session_id AS "sessionId", top_up.amount_cents AS "amountCents", top_up.calls, top_up.paid_at AS "paidAt",
              transfer.status AS "transferStatus", transfer.tx_hash AS "txHash", transfer.from_address AS "from"
         FROM wallet.top_ups top_up LEFT JOIN wallet.transfers transfer ON transfer.id = top_up.transfer_id
        WHERE top_up.wallet_address = $1
        ORDER BY top_up.paid_at DESC LIMIT $2`,
      [address, MAX_TOP_UPS],
    ));
  }
}
