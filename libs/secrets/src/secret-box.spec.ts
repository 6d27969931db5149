import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { LocalKeyWrapper, SecretBox, secretBoxFromKey } from './index.js';

const key = () => randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('opens what it sealed, under the same context', async () => {
    const box = secretBoxFromKey(key());
    expect(await box.open(await box.seal('sk-live-abc', 'byok:u1'), 'byok:u1')).toBe('sk-live-abc');
  });

  it('never stores the plaintext, and seals the same value differently each time', async () => {
    const box = secretBoxFromKey(key());
    const [first, second] = [await box.seal('sk-live-abc', 'c'), await box.seal('sk-live-abc', 'c')];
    expect(first).not.toContain('sk-live-abc');
    expect(Buffer.from(first.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('sk-live-abc');
    expect(first).not.toBe(second);
  });

  it('refuses a value sealed for another context', async () => {
    const box = secretBoxFromKey(key());
    await expect(box.open(await box.seal('secret', 'byok:u1'), 'byok:u2')).rejects.toThrow();
  });

  it('refuses a value sealed under another master key', async () => {
    const sealed = await secretBoxFromKey(key()).seal('secret', 'c');
    await expect(secretBoxFromKey(key()).open(sealed, 'c')).rejects.toThrow();
  });

  it('refuses a changed value', async () => {
    const box = secretBoxFromKey(key());
    const parts = (await box.seal('secret', 'c')).split('.');
    const bytes = Buffer.from(parts[3]!, 'base64url');
    bytes[14] = bytes[14]! ^ 1;
    await expect(box.open([...parts.slice(0, 3), bytes.toString('base64url')].join('.'), 'c')).rejects.toThrow();
  });

  it('names the key that wrapped a value, so a rotated key is refused clearly', async () => {
    const sealed = await new SecretBox(new LocalKeyWrapper(key(), 'old')).seal('secret', 'c');
    await expect(new SecretBox(new LocalKeyWrapper(key(), 'new')).open(sealed, 'c')).rejects.toThrow('Sealed under key old, not new');
  });

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => secretBoxFromKey(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
