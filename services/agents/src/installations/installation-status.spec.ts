import { installationStatus } from './installation-status.js';

describe('installationStatus', () => {
  const now = new Date('2026-01-01T12:00:00.000Z');
  const hour = 3_600_000;

  it.each([
    [0, 'active'],
    [hour, 'active'],
    [hour + 1, 'inactive'],
    [24 * hour, 'inactive'],
  ] as const)('seen %i ms ago with a one-hour window is %s', (ago, status) => {
    expect(installationStatus(new Date(now.getTime() - ago), now, hour)).toBe(status);
  });
});
