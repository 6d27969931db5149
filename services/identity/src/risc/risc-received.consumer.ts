import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { RiscActions } from './risc-actions.service.js';

/** Security events accepted by the receiver, acted on durably: a crash after the 202 loses none. */
@Injectable()
export class RiscReceivedConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventBus, private readonly actions: RiscActions) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume(EVENTS.identity.riscReceived, (event) => this.actions.apply(event));
  }
}
