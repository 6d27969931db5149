import { Injectable } from '@nestjs/common';
import type { SplitStatus, SplitSummaryView, SplitTotalsView } from '@platform/contracts';
import { Db } from '@platform/database';
import { In } from 'typeorm';
import { usdcText } from '../chain/usdc-balances.js';
import { SPLIT_PURPOSE } from './split-payout.js';
import { SplitEntity } from './split.entity.js';

const STATUSES: readonly SplitStatus[] = ['queued', 'processing', 'completed', 'failed'];

/** Splits not finished yet, the newest this many: a list without paging needs a bound. */
const OPEN_LIMIT = 100;

/**
 * A user's splits as reports (the royalty-tracker and instant-split skills ask over NATS), under the
 * user's row-level scope: added up by the database (of one agent when one is named), and those
 * still being paid.
 */
@Injectable()
export class SplitReports {
  constructor(private readonly db: Db) {}

  async totals(userId: string, agentId?: string): Promise<SplitTotalsView> {
    const agentFilter = agentId === undefined ? '' : 'AND s.agent_id = $2';
    const params = agentId === undefined ? [userId] : [userId, agentId];
    const [byStatus, recipients] = await this.db.withUser(userId, (manager) => Promise.all([
      manager.query(
        `SELECT s.status, count(*)::int AS count, sum(s.total_amount)::text AS units FROM wallet.splits s
          WHERE s.user_id = $1 ${agentFilter} GROUP BY s.status`, params,
      ) as Promise<Array<{ status: SplitStatus; count: number; units: string }>>,
      manager.query(
        `SELECT t.to_address AS address, sum(t.amount)::text AS units FROM wallet.transfers t
           JOIN wallet.splits s ON t.purpose = '${SPLIT_PURPOSE}' AND t.purpose_id = s.id::text
          WHERE s.user_id = $1 ${agentFilter} AND t.status = 'confirmed'
          GROUP BY t.to_address ORDER BY sum(t.amount) DESC, t.to_address`, params,
      ) as Promise<Array<{ address: string; units: string }>>,
    ]));
    const row = (status: SplitStatus) => byStatus.find((found) => found.status === status);
    const paid = recipients.reduce((sum, recipient) => sum + BigInt(recipient.units), 0n);
    return {
      splits: byStatus.reduce((sum, found) => sum + found.count, 0),
      byStatus: Object.fromEntries(STATUSES.map((status) => [status, { count: row(status)?.count ?? 0, amount: usdcText(BigInt(row(status)?.units ?? 0)) }])) as SplitTotalsView['byStatus'],
      paid: usdcText(paid),
      recipients: recipients.map((recipient) => ({ address: recipient.address, paid: usdcText(BigInt(recipient.units)) })),
    };
  }

  /** Splits queued or being paid out, newest first. */
  async open(userId: string): Promise<SplitSummaryView[]> {
    const splits = await this.db.withUser(userId, (manager) => manager.find(SplitEntity, {
      where: { userId, status: In(['queued', 'processing']) },
      order: { id: 'DESC' }, take: OPEN_LIMIT,
    }));
    return splits.map((split) => ({
      splitId: split.id, agentId: split.agentId, name: split.name, totalAmount: usdcText(split.totalAmount), status: split.status,
      createdAt: split.createdAt.toISOString(),
    }));
  }
}
