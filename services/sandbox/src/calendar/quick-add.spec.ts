import { describe, expect, it } from '@jest/globals';
import { quickAddTimes } from './quick-add.js';

const NOW = Date.parse('2031-01-01T10:20:00Z');

describe('quickAddTimes', () => {
  it('starts the event at the date-time in the text, an hour long, the rest being its summary', () => {
    expect(quickAddTimes('Lunch 2031-02-03T12:30:00Z with Ada', NOW)).toEqual({
      summary: 'Lunch with Ada', start: { dateTime: '2031-02-03T12:30:00.000Z' }, end: { dateTime: '2031-02-03T13:30:00.000Z' },
    });
  });

  it('starts it at the next whole hour when the text names no time', () => {
    expect(quickAddTimes('Call mum', NOW)).toEqual({
      summary: 'Call mum', start: { dateTime: '2031-01-01T11:00:00.000Z' }, end: { dateTime: '2031-01-01T12:00:00.000Z' },
    });
  });
});
