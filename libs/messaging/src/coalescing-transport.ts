import { NatsConnectionImpl, setTransportFactory, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { nodeResolveHost, NodeTransport } from '@nats-io/transport-node/lib/node_transport.js';
import { coalesceWritesThisTurn } from '@platform/config';

/**
 * The client's own Node transport, but every frame of one turn of the event loop leaves in one
 * socket write. The client already gathers one microtask's commands into a frame; under load each
 * request or reply still comes from a callback of its own, a write apiece (docs/architecture.md,
 * "Hot path").
 */
export class CoalescingTransport extends NodeTransport {
  override send(frame: Uint8Array): void {
    coalesceWritesThisTurn(this.socket);
    super.send(frame);
  }
}

/**
 * `connect` of @nats-io/transport-node with the coalescing transport. The factory is global to the
 * client library and read again at each reconnect; a plain `connect` elsewhere in the process (a
 * test's) puts the stock transport back, which only costs the coalescing.
 */
export function connectNats(options: ConnectionOptions): Promise<NatsConnection> {
  setTransportFactory({ factory: () => new CoalescingTransport(), dnsResolveFn: nodeResolveHost });
  return NatsConnectionImpl.connect(options);
}
