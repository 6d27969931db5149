import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Readiness, type Dependency } from '@platform/config';
import { NATS_CONNECTION } from './messaging.tokens.js';

/**
 * Whether this process's NATS connection is up, from the connection's own status events. While it
 * is down a request cannot reach anyone, so callers fail at once instead of queueing behind the
 * reconnect; when it drops, requests in flight lose their replies, so they are failed at once too.
 */
@Injectable()
export class NatsLink {
  private readonly dependency: Dependency;
  private readonly lostListeners: (() => void)[] = [];

  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, readiness: Readiness) {
    this.dependency = readiness.dependency('nats');
    void followStatus(nats, this.dependency, () => this.lostListeners.forEach((listener) => listener()));
  }

  get connected(): boolean {
    return this.dependency.available;
  }

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }
}

/** Feeds a connection's disconnects and reconnects into a dependency until the connection closes. */
export async function followStatus(nats: NatsConnection, dependency: Dependency, onLost: () => void = () => undefined): Promise<void> {
  for await (const status of nats.status()) {
    if (status.type === 'disconnect') {
      dependency.failed(`disconnected from ${status.server}`);
      onLost();
    } else if (status.type === 'reconnect') {
      dependency.recovered();
    }
  }
}
