import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { METRICS_MESSAGES as M } from './metrics-messages.js';

/** Ranges of GET /api/metrics/:userId/historical and the hours each one covers. */
// The ranges are a literal list, not the keys of the hours: the API document's view schemas are
// read from the types by ts-json-schema-generator, which cannot evaluate `7 * 24` in a `typeof`.
export const METRICS_RANGES = ['24h', '7d', '30d'] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];
export const METRICS_RANGE_HOURS: Record<MetricsRange, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** Query of GET /api/metrics/:userId/historical: `24h` by default. */
export class HistoricalMetricsQuery {
  @IsIn(METRICS_RANGES, { message: M.invalidRange }) range: MetricsRange = '24h';
}

/** Path of the backend's /api/metrics/:userId/* routes: any user id the platform keeps (usage rows hold up to 255 characters). */
export class MetricsUserParams {
  @MaxLength(255, { message: M.invalidUserId }) @Matches(/\S/, { message: M.invalidUserId }) @IsString({ message: M.invalidUserId })
  userId!: string;
}
