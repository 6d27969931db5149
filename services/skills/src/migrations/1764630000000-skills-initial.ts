import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SkillsInitial1764630000000 implements MigrationInterface {
  name = 'SkillsInitial1764630000000';

  async up(db: QueryRunner): Promise<void> {
    // An underground event's ticket stock, made at its first sale from the bus's total_tickets. The
    // CHECK is the last word on overselling: whatever the code does, sold never passes the total.
    await db.query(`
      CREATE TABLE skills.ticket_inventories (
        event_id integer PRIMARY KEY,
        total_tickets integer NOT NULL CHECK (total_tickets >= 0),
        sold integer NOT NULL DEFAULT 0,
        CHECK (sold >= 0 AND sold <= total_tickets)
      )`);
    // Tickets sold through event-ticketing: the buyer's rows (user_id); organizer_user_id names the event agent's owner.
    await db.query(`
      CREATE TABLE skills.tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id integer NOT NULL REFERENCES skills.ticket_inventories (event_id),
        user_id uuid NOT NULL,
        organizer_user_id uuid,
        email varchar(254) NOT NULL,
        tier varchar(16) NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
        unit_price numeric(78, 0) NOT NULL,
        total_price numeric(78, 0) NOT NULL,
        purchased_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX tickets_event ON skills.tickets (event_id)');
    await db.query('CREATE INDEX tickets_organizer ON skills.tickets (organizer_user_id, purchased_at DESC)');
    // An organizer's fans (groupie-manager), fed by the tickets of their agents' events or added by hand.
    await db.query(`
      CREATE TABLE skills.fans (
        user_id uuid NOT NULL,
        email varchar(254) NOT NULL,
        name varchar(255),
        purchases integer NOT NULL DEFAULT 0,
        tickets integer NOT NULL DEFAULT 0,
        spent numeric(78, 0) NOT NULL DEFAULT 0,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_purchase_at timestamptz,
        PRIMARY KEY (user_id, email)
      )`);
    await db.query(`
      CREATE TABLE skills.demo_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        title varchar(255) NOT NULL,
        artist varchar(255) NOT NULL,
        genre varchar(64),
        link varchar(2048),
        status varchar(16) NOT NULL DEFAULT 'submitted',
        submitted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX demo_submissions_newest ON skills.demo_submissions (user_id, submitted_at DESC)');
    // instant-split's rules: who gets what share of an agent wallet's USDC, paid through the wallet's splits.
    await db.query(`
      CREATE TABLE skills.split_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        agent_id varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        recipients jsonb NOT NULL,
        threshold numeric(78, 0) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX split_rules_newest ON skills.split_rules (user_id, created_at DESC)');
    for (const table of ['tickets', 'fans', 'demo_submissions', 'split_rules']) {
      for (const statement of ownerOnlyPolicy('skills', table)) await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE skills.split_rules, skills.demo_submissions, skills.fans, skills.tickets, skills.ticket_inventories');
  }
}
