import { utf8Hex } from './wallet-sign-in.js';

describe('utf8Hex', () => {
  it('encodes text as 0x-prefixed UTF-8 bytes', () => {
    expect(utf8Hex('Hi é')).toBe('0x4869' + '20' + 'c3a9');
  });
});
