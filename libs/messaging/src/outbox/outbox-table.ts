/**
 * SQL for a service's outbox table, for its migrations. Any scope may add an event (it is written
 * in the same transaction as a user's change); only system work reads or deletes them.
 */
export function outboxTable(schema: string): string[] {
  const table = `"${schema}"."outbox"`;
  const system = `current_setting('app.system', true) = 'on'`;
  return [
    `CREATE TABLE ${table} (
      event_id uuid PRIMARY KEY,
      subject text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX outbox_created_at ON ${table} (created_at)`,
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY outbox_add ON ${table} FOR INSERT WITH CHECK (true)`,
    `CREATE POLICY outbox_system ON ${table} USING (${system})`,
  ];
}
