import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENTS, RISC_EVENT_TYPES, type Reply } from '@platform/contracts';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { RiscVerifier } from './risc-verifier.js';

export const RISC_ENDPOINT = '/api/security/risc';

/**
 * Verifies a security event, stores its `jti` and hands it to the worker through the outbox in
 * one transaction, then answers 202: a crash after the reply loses nothing, and a repeated jti
 * (however many at once: the primary key decides) is acknowledged and ignored.
 */
@Injectable()
export class RiscReceiver {
  constructor(private readonly verifier: RiscVerifier, private readonly db: Db, private readonly outbox: Outbox) {}

  async receive(raw: unknown, legacy: boolean): Promise<Reply> {
    const { jti, events } = await this.verifier.verify(typeof raw === 'string' ? raw : '');
    const stored = await this.db.asSystem(async (manager) => {
      // Raw SQL that says whether it inserted (TypeORM's RETURNING comes back empty on a conflict-ignoring insert).
      const inserted: unknown[] = await manager.query(
        `INSERT INTO identity.risc_events (jti, legacy, event_types) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
        [jti, legacy, Object.keys(events)],
      );
      if (!inserted.length) return false;
      await this.outbox.add(manager, EVENTS.identity.riscReceived, { eventId: randomUUID(), jti, events, legacy });
      return true;
    });
    if (stored) void this.outbox.flush();
    return { status: 202 };
  }

  info(): Reply {
    return {
      status: 200,
      body: {
        status: 'ok',
        endpoint: RISC_ENDPOINT,
        description: 'Receives Security Event Tokens (RISC) from the identity provider: POST the signed token as the body; 202 when accepted, processed asynchronously',
        supportedEventTypes: RISC_EVENT_TYPES,
      },
    };
  }
}
