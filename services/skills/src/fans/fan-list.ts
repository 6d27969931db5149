import { Injectable } from '@nestjs/common';
import { Db } from '@platform/database';
import type { EntityManager } from 'typeorm';
import { usdcString } from '../money/usdc.js';
import { FAN_SEGMENT_SQL, FAN_SEGMENTS, type FanSegment } from './fan-segments.js';

/** A listed fan: the most engaged first, at most this many per list or segment. */
const LIST_LIMIT = 500;

export interface FanView {
  email: string;
  name: string | null;
  purchases: number;
  tickets: number;
  spentUsdc: string;
  lastPurchaseAt: string | null;
}

interface FanRow {
  email: string;
  name: string | null;
  purchases: number;
  tickets: number;
  spent: string;
  last_purchase_at: Date | null;
  segment: FanSegment;
}

const view = (row: FanRow): FanView => ({
  email: row.email, name: row.name, purchases: row.purchases, tickets: row.tickets, spentUsdc: usdcString(BigInt(row.spent)),
  lastPurchaseAt: row.last_purchase_at?.toISOString() ?? null,
});

/** An organizer's fans (groupie-manager): fed by ticket sales, added by hand, segmented by the database. */
@Injectable()
export class FanList {
  constructor(private readonly db: Db) {}

  /** In the sale's transaction: the buyer becomes (or stays) the organizer's fan, with what they bought. */
  async recordPurchase(manager: EntityManager, organizerId: string, email: string, tickets: number, spentUnits: bigint): Promise<void> {
    await manager.query(
      `INSERT INTO skills.fans (user_id, email, purchases, tickets, spent, last_purchase_at) VALUES ($1, $2, 1, $3, $4, now())
       ON CONFLICT (user_id, email) DO UPDATE SET purchases = fans.purchases + 1, tickets = fans.tickets + EXCLUDED.tickets,
         spent = fans.spent + EXCLUDED.spent, last_purchase_at = now()`,
      [organizerId, email.toLowerCase(), tickets, spentUnits.toString()],
    );
  }

  /** A fan added by hand; one already listed keeps what they bought and takes the name given. */
  async add(userId: string, email: string, name: string | undefined): Promise<FanView> {
    const [row] = await this.db.withUser(userId, (manager) => manager.query(
      `INSERT INTO skills.fans (user_id, email, name) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, email) DO UPDATE SET name = coalesce(EXCLUDED.name, fans.name)
       RETURNING email, name, purchases, tickets, spent::text, last_purchase_at`,
      [userId, email.toLowerCase(), name?.trim() || null],
    ) as Promise<FanRow[]>);
    return view(row!);
  }

  async list(userId: string): Promise<{ fans: FanView[]; count: number }> {
    const rows = await this.rows(userId);
    return { fans: rows.slice(0, LIST_LIMIT).map(view), count: rows.length };
  }

  /** Every segment, empty ones too, each with its count and its fans. */
  async segments(userId: string) {
    const rows = await this.rows(userId);
    const segments = Object.fromEntries(FAN_SEGMENTS.map((segment) => {
      const members = rows.filter((row) => row.segment === segment);
      return [segment, { count: members.length, fans: members.slice(0, LIST_LIMIT).map(view) }];
    }));
    return { segments, total: rows.length };
  }

  private rows(userId: string): Promise<FanRow[]> {
    return this.db.readAs<FanRow>(userId,
      `SELECT email, name, purchases, tickets, spent::text AS spent, last_purchase_at, ${FAN_SEGMENT_SQL} AS segment
         FROM skills.fans WHERE user_id = $1 ORDER BY spent DESC, purchases DESC, email`, [userId]);
  }
}
