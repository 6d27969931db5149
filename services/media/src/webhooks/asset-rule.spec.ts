import { describe, expect, it } from '@jest/globals';
import { assetFate, recordedDuration, recordedHeight } from './asset-rule.js';

describe('assetFate', () => {
  it.each([
    [1080, 900.001, 'archive'],
    [1080, 901, 'archive'],
    [2160, 3600, 'archive'],
    [1080, 900, 'delete'],
    [1079, 901, 'delete'],
    [1079, 900, 'delete'],
    [720, 7200, 'delete'],
    [0, 0, 'delete'],
  ] as const)('%ip for %d s is %s', (height, duration, fate) => {
    expect(assetFate(height, duration)).toBe(fate);
  });
});

describe('recordedHeight', () => {
  it('is the video track\'s shorter side', () => {
    expect(recordedHeight({ tracks: [{ type: 'audio' }, { type: 'video', max_width: 1920, max_height: 1080 }] })).toBe(1080);
    expect(recordedHeight({ tracks: [{ type: 'video', max_width: 1080, max_height: 1920 }] })).toBe(1080);
    expect(recordedHeight({ tracks: [{ type: 'video', max_width: 1918, max_height: 1079 }] })).toBe(1079);
  });

  it('falls back to the resolution tier, and to 0 when there is nothing to read', () => {
    expect(recordedHeight({ resolution_tier: '1440p' })).toBe(1440);
    expect(recordedHeight({ resolution_tier: 'audio-only' })).toBe(0);
    expect(recordedHeight({})).toBe(0);
  });
});

describe('recordedDuration', () => {
  it('is the asset\'s, else its video track\'s, else 0', () => {
    expect(recordedDuration({ duration: 901.5, tracks: [{ type: 'video', duration: 3 }] })).toBe(901.5);
    expect(recordedDuration({ tracks: [{ type: 'video', duration: 3 }] })).toBe(3);
    expect(recordedDuration({})).toBe(0);
  });
});
