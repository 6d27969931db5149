import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { EVENTS, type ApiKeyList } from '@platform/contracts';
import type { EventBus } from '@platform/messaging';
import type { Clock } from '../clock.js';
import { KeyListCache } from './key-list-cache.js';

const listOf = (name: string): ApiKeyList => ({
  keys: [{ id: `id-${name}`, name, keyPreview: 'sk_abcd...wxyz', createdAt: '2026-11-01T00:00:00.000Z', lastUsed: null, monthlySpendCap: null }],
});

describe('KeyListCache', () => {
  let publish: jest.Mock<EventBus['publish']>;
  let heard: (event: { userId: string }) => void;
  let at: number;
  let sut: KeyListCache;

  beforeEach(() => {
    publish = jest.fn<EventBus['publish']>().mockResolvedValue();
    const events = { publish, onBroadcast: (_subject: string, handler: typeof heard) => { heard = handler; } } as unknown as EventBus;
    at = Date.parse('2026-11-29T10:00:00Z');
    sut = new KeyListCache(events, { now: () => new Date(at) } as Clock);
    sut.onModuleInit();
  });

  it('reads a user\'s list once, then answers from memory', async () => {
    const read = jest.fn(async () => listOf('a'));
    await sut.through('user-1', read);
    expect(await sut.through('user-1', read)).toEqual(listOf('a'));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again once the list kept is 10 s old, though no change was heard', async () => {
    await sut.through('user-1', async () => listOf('a'));
    at += 9_999;
    expect(await sut.through('user-1', async () => listOf('b'))).toEqual(listOf('a'));
    at += 2;
    expect(await sut.through('user-1', async () => listOf('b'))).toEqual(listOf('b'));
  });

  it('keeps each user\'s list apart', async () => {
    await sut.through('user-1', async () => listOf('a'));
    expect(await sut.through('user-2', async () => listOf('b'))).toEqual(listOf('b'));
  });

  it('reads again after a change here, and tells the other replicas', async () => {
    await sut.through('user-1', async () => listOf('a'));
    sut.changed('user-1');
    expect(await sut.through('user-1', async () => listOf('b'))).toEqual(listOf('b'));
    expect(publish).toHaveBeenCalledWith(EVENTS.identity.keysChanged, { eventId: expect.any(String), userId: 'user-1' });
  });

  it('reads again after another replica\'s change is heard', async () => {
    await sut.through('user-1', async () => listOf('a'));
    heard({ userId: 'user-1' });
    expect(await sut.through('user-1', async () => listOf('b'))).toEqual(listOf('b'));
  });

  it('does not keep a list read while a change happened: it may predate it', async () => {
    let finish!: (list: ApiKeyList) => void;
    const reading = sut.through('user-1', () => new Promise((resolve) => { finish = resolve; }));
    sut.changed('user-1');
    finish(listOf('old'));
    await reading;
    expect(await sut.through('user-1', async () => listOf('new'))).toEqual(listOf('new'));
  });

  it('logs a change whose broadcast failed, and forgets the list here all the same', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    publish.mockRejectedValue(new Error('NATS away'));
    await sut.through('user-1', async () => listOf('a'));

    sut.changed('user-1');

    expect(await sut.through('user-1', async () => listOf('b'))).toEqual(listOf('b'));
    expect(warn).toHaveBeenCalledWith("Change of user-1's keys not broadcast: Error: NATS away");
    warn.mockRestore();
  });
});
