import { isRedisUnreachable } from './redis-connection.js';

describe('isRedisUnreachable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' })],
    ['a command while disconnected', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a connection closed under a command', new Error('Connection is closed.')],
    ['a command cut off by a dropped connection', new Error('Reached the max retries per request limit (which is 0). Refer to "maxRetriesPerRequest" option for details.')],
    ['a Redis that stopped answering', new Error('Command timed out')],
  ])('is true for %s', (_, error) => {
    expect(isRedisUnreachable(error)).toBe(true);
  });

  it.each([
    ['an out-of-memory refusal', new Error("OOM command not allowed when used memory > 'maxmemory'.")],
    ['a wrong type', new Error('WRONGTYPE Operation against a key holding the wrong kind of value')],
    ['a script error', new Error('ERR user_script:3: attempt to compare nil with number')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isRedisUnreachable(error)).toBe(false);
  });
});
