import { IsISO8601, IsString, Matches, MaxLength } from 'class-validator';

/**
 * A user's revenue this month, last month and in all: `svc.wallet.split_revenue` (what their completed
 * royalty splits distributed) and `svc.skills.ticket_revenue` (what their events' tickets sold for).
 */
export class RevenueQuery {
  @MaxLength(255) @Matches(/\S/) @IsString() userId!: string;
  @IsISO8601({ strict: true }) monthStart!: string;
  @IsISO8601({ strict: true }) previousMonthStart!: string;
}

/** USDC in its smallest units (6 decimals), as decimal strings: sums of numeric(78,0) outgrow a double. */
export interface RevenueReply {
  month: string;
  previousMonth: string;
  total: string;
}
