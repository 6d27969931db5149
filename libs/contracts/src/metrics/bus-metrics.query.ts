import { ArrayMaxSize, IsArray, IsISO8601, IsString, MaxLength } from 'class-validator';

/** `svc.bus.metrics`: bookings negotiated and fans (subscribers) of the given agents. */
export class BusMetricsQuery {
  @ArrayMaxSize(10_000) @MaxLength(64, { each: true }) @IsString({ each: true }) @IsArray() agentIds!: string[];
  /** A fan who messaged one of the agents since this instant is active. */
  @IsISO8601({ strict: true }) activeSince!: string;
  @IsISO8601({ strict: true }) monthStart!: string;
  @IsISO8601({ strict: true }) previousMonthStart!: string;
}

export interface BusMetricsReply {
  bookings: { completed: number; pending: number; total: number };
  /** Fans are subscriber agents of the given agents (docs/metrics.md). */
  fans: { total: number; active: number; new: number; superfans: number; thisMonth: number; lastMonth: number };
}
