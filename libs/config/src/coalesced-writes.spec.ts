import { describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { once } from 'node:events';
import { afterDeferredWork, afterThisTurn, coalesceWrites, coalesceWritesThisTurn } from './coalesced-writes.js';

/** A loopback pair: what `client` writes, the server side reads, chunk by chunk as the kernel delivered them. */
async function pair() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const [peer] = (await once(server, 'connection')) as [net.Socket];
  await once(client, 'connect');
  const writes: number[] = [];
  // What reaches the socket's handle: _write for a lone chunk, _writev for what a cork gathered.
  const write = client._write.bind(client);
  const writev = client._writev!.bind(client);
  client._write = (chunk, encoding, callback) => {
    writes.push(1);
    write(chunk, encoding, callback);
  };
  client._writev = (chunks, callback) => {
    writes.push(chunks.length);
    writev(chunks, callback);
  };
  const received: Buffer[] = [];
  peer.on('data', (chunk: Buffer) => received.push(chunk));
  const close = async () => {
    client.destroy();
    peer.destroy();
    server.close();
  };
  return { client, writes, received, close };
}

describe('coalesceWritesThisTurn', () => {
  it('sends the writes of one turn of the event loop in one write, in order', async () => {
    const sut = await pair();
    for (const text of ['a', 'b', 'c']) {
      coalesceWritesThisTurn(sut.client);
      sut.client.write(text);
    }
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sut.writes).toEqual([3]);
    expect(Buffer.concat(sut.received).toString()).toBe('abc');
    await sut.close();
  });

  it('writes again in the next turn', async () => {
    const sut = await pair();
    coalesceWritesThisTurn(sut.client);
    sut.client.write('a');
    await new Promise((resolve) => setImmediate(resolve));
    coalesceWritesThisTurn(sut.client);
    sut.client.write('b');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sut.writes).toEqual([1, 1]);
    expect(Buffer.concat(sut.received).toString()).toBe('ab');
    await sut.close();
  });

  it('writes each at once while coalescing is off for the process (COALESCE_WRITES=false)', async () => {
    const sut = await pair();
    coalesceWrites(false);
    try {
      for (const text of ['a', 'b']) {
        coalesceWritesThisTurn(sut.client);
        sut.client.write(text);
      }
      expect(sut.client.writableCorked).toBe(0);
    } finally {
      coalesceWrites(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sut.writes).toEqual([1, 1]);
    await sut.close();
  });

  it('leaves a destroyed socket alone', () => {
    const socket = new net.Socket();
    socket.destroy();
    expect(() => coalesceWritesThisTurn(socket)).not.toThrow();
    expect(socket.writableCorked).toBe(0);
  });
});

describe('afterThisTurn', () => {
  it('runs after the writes coalesced in this turn have left', async () => {
    const sut = await pair();
    const order: string[] = [];
    afterThisTurn(() => order.push(`deferred after ${sut.writes.length} write(s)`));
    coalesceWritesThisTurn(sut.client);
    sut.client.write('reply');
    await afterDeferredWork();
    expect(order).toEqual(['deferred after 1 write(s)']);
    await sut.close();
  });
});
