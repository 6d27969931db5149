import { IsISO8601, IsString, Matches, MaxLength } from 'class-validator';

/** `svc.wallet.split_revenue`: USDC a user's completed royalty splits distributed. */
export class SplitRevenueQuery {
  @MaxLength(255) @Matches(/\S/) @IsString() userId!: string;
  @IsISO8601({ strict: true }) monthStart!: string;
  @IsISO8601({ strict: true }) previousMonthStart!: string;
}

/** USDC in its smallest units (6 decimals), as decimal strings: sums of numeric(78,0) outgrow a double. */
export interface SplitRevenueReply {
  month: string;
  previousMonth: string;
  total: string;
}
