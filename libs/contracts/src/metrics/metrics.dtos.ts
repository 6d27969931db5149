import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { METRICS_MESSAGES as M } from './metrics-messages.js';

/** Ranges of GET /api/metrics/:userId/historical and the hours each one covers. */
export const METRICS_RANGE_HOURS = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 } as const;
export type MetricsRange = keyof typeof METRICS_RANGE_HOURS;
export const METRICS_RANGES = Object.keys(METRICS_RANGE_HOURS) as MetricsRange[];

/** Query of GET /api/metrics/:userId/historical: `24h` by default. */
export class HistoricalMetricsQuery {
  @IsIn(METRICS_RANGES, { message: M.invalidRange }) range: MetricsRange = '24h';
}

/** Path of the backend's /api/metrics/:userId/* routes: any user id the platform keeps (usage rows hold up to 255 characters). */
export class MetricsUserParams {
  @MaxLength(255, { message: M.invalidUserId }) @Matches(/\S/, { message: M.invalidUserId }) @IsString({ message: M.invalidUserId })
  userId!: string;
}
