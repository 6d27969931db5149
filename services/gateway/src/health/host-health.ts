export type HealthState = 'healthy' | 'degraded' | 'unhealthy';

/** Thresholds of platform-core 4.11: both at or below 70 healthy, either above 85 unhealthy. */
export function healthOf(cpuPercent: number, memoryPercent: number): HealthState {
  const worst = Math.max(cpuPercent, memoryPercent);
  if (worst > 85) return 'unhealthy';
  if (worst > 70) return 'degraded';
  return 'healthy';
}
