import { SUBSCRIPTION_EFFECTS, supersedes } from './subscription-policy.js';

const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';
const at = (iso: string) => new Date(iso);

describe('subscription policy', () => {
  it.each([
    ['canceled', 'suspend'], ['active', 'resume'], ['past_due', null], ['inactive', null],
  ] as const)('%s leads to %s', (status, effect) => {
    expect(SUBSCRIPTION_EFFECTS[status]).toBe(effect);
  });

  describe(supersedes.name, () => {
    it('applies the first event of a user', () => {
      expect(supersedes({ eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') }, null)).toBe(true);
    });

    it('applies a newer event', () => {
      expect(supersedes({ eventId: SECOND, occurredAt: at('2026-01-01T00:00:00.001Z') }, { eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') })).toBe(true);
    });

    it('ignores an older event', () => {
      expect(supersedes({ eventId: SECOND, occurredAt: at('2025-12-31T23:59:59.999Z') }, { eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') })).toBe(false);
    });

    it('ignores the same event again', () => {
      expect(supersedes({ eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') }, { eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') })).toBe(false);
    });

    it('applies another event at the same instant, in the order it arrives', () => {
      expect(supersedes({ eventId: SECOND, occurredAt: at('2026-01-01T00:00:00.000Z') }, { eventId: FIRST, occurredAt: at('2026-01-01T00:00:00.000Z') })).toBe(true);
    });
  });
});
