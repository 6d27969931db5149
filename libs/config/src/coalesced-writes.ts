import type { Socket } from 'node:net';

const corked = new WeakSet<Socket>();
let coalescing = true;

/**
 * Holds a socket's writes until the end of this turn of the event loop, then sends them in one
 * write (`cork` / `uncork`, a writev). Under load each request's Redis command or NATS message comes
 * from a callback of its own, and on a small VM a socket write costs about as much as the JavaScript
 * of the request around it (docs/architecture.md, "Hot path"). Released in setImmediate, right after
 * the poll phase's callbacks, so a lone write waits for no timer. Order and content are untouched.
 */
export function coalesceWritesThisTurn(socket: Socket | undefined): void {
  if (!coalescing || !socket || corked.has(socket) || socket.destroyed) return;
  corked.add(socket);
  socket.cork();
  setImmediate(() => {
    corked.delete(socket);
    socket.uncork();
  });
}

/**
 * COALESCE_WRITES, set for the whole process at boot. Off, every write leaves at once: a process
 * whose turns carry two services' work (a gateway hosting ai-gateway) held each request's Redis
 * command behind all of that turn's work, which cost more latency than the writes it saved.
 */
export function coalesceWrites(enabled: boolean): void {
  coalescing = enabled;
}

/**
 * Runs `work` in the next turn of the event loop, once this turn's coalesced writes have left: work
 * that a reply does not wait for (a usage event) then does not hold the reply's write back.
 */
export function afterThisTurn(work: () => void): void {
  setImmediate(() => setImmediate(work));
}

/** Resolves once whatever `afterThisTurn` was given before this call has run. */
export function afterDeferredWork(): Promise<void> {
  return new Promise((resolve) => afterThisTurn(resolve));
}
