import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BusInitial1764300000000 implements MigrationInterface {
  name = 'BusInitial1764300000000';

  async up(db: QueryRunner): Promise<void> {
    // Every accepted agent message, as signed; the primary key is what refuses a replayed messageId.
    // user_id is the sender's owner.
    await db.query(`
      CREATE TABLE bus.messages (
        message_id varchar(128) PRIMARY KEY,
        user_id uuid NOT NULL,
        action varchar(64) NOT NULL,
        from_agent_id varchar(64) NOT NULL,
        to_agent_id varchar(64) NOT NULL,
        payload text NOT NULL,
        signed_at bigint NOT NULL,
        reply_to varchar(128),
        signature text NOT NULL,
        accepted_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row per (message, recipient): the copy the bus.deliver job carries. user_id is the
    // recipient's owner. order_key (a booking's id) and seq keep one recipient's copies of a booking in order.
    await db.query(`
      CREATE TABLE bus.deliveries (
        id bigserial PRIMARY KEY,
        message_id varchar(128) NOT NULL REFERENCES bus.messages (message_id),
        recipient_agent_id varchar(64) NOT NULL,
        user_id uuid NOT NULL,
        order_key varchar(128),
        status varchar(16) NOT NULL CHECK (status IN ('held', 'queued', 'delivered', 'dead')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (message_id, recipient_agent_id)
      )`);
    await db.query(`CREATE INDEX deliveries_in_order ON bus.deliveries (recipient_agent_id, order_key, id) WHERE status IN ('held', 'queued')`);
    // Messages a user's agents sent on one UTC day, counted in the transaction that accepts one.
    await db.query(`
      CREATE TABLE bus.a2a_daily_counts (
        user_id uuid NOT NULL,
        day date NOT NULL,
        count integer NOT NULL CHECK (count >= 0),
        PRIMARY KEY (user_id, day)
      )`);
    // One booking negotiation per bookingId between two agents, possibly of two users: not one user's row.
    await db.query(`
      CREATE TABLE bus.negotiations (
        booking_id varchar(128) PRIMARY KEY,
        requester_agent_id varchar(64) NOT NULL,
        provider_agent_id varchar(64) NOT NULL,
        state varchar(16) NOT NULL,
        last_message_id varchar(128) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Who hears an agent's AMPLIFY_ messages; user_id is the subscriber's owner (its deliveries' owner).
    await db.query(`
      CREATE TABLE bus.subscriptions (
        publisher_agent_id varchar(64) NOT NULL,
        subscriber_agent_id varchar(64) NOT NULL,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (publisher_agent_id, subscriber_agent_id)
      )`);
    // Underground events (extended-services 2): a public listing, not one user's rows.
    await db.query(`
      CREATE TABLE bus.events (
        id serial PRIMARY KEY,
        agent_id varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        description text NOT NULL,
        venue varchar(255) NOT NULL,
        event_date timestamptz NOT NULL,
        ticket_price_usdc varchar(32) NOT NULL,
        total_tickets integer NOT NULL CHECK (total_tickets >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX events_newest ON bus.events (event_date DESC, id DESC)`);
    for (const table of ['messages', 'deliveries', 'a2a_daily_counts', 'subscriptions']) {
      for (const statement of ownerOnlyPolicy('bus', table)) await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE bus.events, bus.subscriptions, bus.negotiations, bus.a2a_daily_counts, bus.deliveries, bus.messages');
  }
}
