/**
 * SQL for a user-owned table: FORCE ROW LEVEL SECURITY and one policy that lets a row through
 * only to its owner's scope (`app.user_id`) or to system work (`app.system`). For migrations.
 */
export function ownerOnlyPolicy(schema: string, table: string, ownerColumn = 'user_id'): string[] {
  const qualified = `"${schema}"."${table}"`;
  const condition = `"${ownerColumn}"::text = current_setting('app.user_id', true) OR current_setting('app.system', true) = 'on'`;
  return [
    `ALTER TABLE ${qualified} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${qualified} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY ${table}_owner ON ${qualified} USING (${condition}) WITH CHECK (${condition})`,
  ];
}
