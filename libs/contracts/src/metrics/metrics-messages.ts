/** Texts of the metrics routes (extended-services 4.8), worded once so tests and handlers agree. */
export const METRICS_MESSAGES = {
  /** The spec's 500 body: `{ error, metrics: {} }` on GET /api/metrics, `{ error }` on the backend routes. */
  failed: 'Failed to fetch metrics',
  invalidRange: 'range must be 24h, 7d or 30d',
  invalidUserId: 'userId must be a non-empty string of at most 255 characters',
} as const;
