/** Quotas run per calendar month in UTC (platform-core section 8). */
export function quotaMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The first instant of the next month, when the quota starts again. */
export function quotaResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export interface QuotaKeys {
  /** Hash: `used`, `reserved`, `lease:<id>` (quota-scripts.ts). */
  month: string;
  /** Sorted set: lease id by expiry. */
  leases: string;
}

/** One user's month in Redis; the braces keep both keys in one cluster slot, as a script needs. */
export function quotaKeys(redisPrefix: string, userId: string, now: Date): QuotaKeys {
  const month = `${redisPrefix}ai:quota:{${userId}:${quotaMonth(now)}}`;
  return { month, leases: `${month}:leases` };
}

/**
 * The worst case a chat can spend, reserved before the call: a prompt estimate of one token
 * per three characters plus a few per message (above what vendors count for prose), plus max_tokens.
 */
export function worstCaseTokens(messages: { content: string }[], maxTokens: number): number {
  return messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 3) + 4, 0) + maxTokens;
}
