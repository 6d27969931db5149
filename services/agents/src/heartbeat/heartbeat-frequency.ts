const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `<int><m|h|d>` (already validated) in milliseconds. */
export function frequencyMs(frequency: string): number {
  return Number(frequency.slice(0, -1)) * UNIT_MS[frequency.slice(-1) as keyof typeof UNIT_MS];
}
