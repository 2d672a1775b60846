// Bulk rows for tests and benchmarks that need a large account quickly (the export's streaming):
// one statement copies a row n times, in the database, instead of n requests through the API.
type Execute = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Copies the row `id` of `table` n times: each copy gets a new uuid id, and the `unique` text
 * columns get a suffix (`-<from>`, `-<from + 1>`…) so unique constraints hold; one statement (copy
 * in batches, each with its own `from`, for very many rows).
 */
export async function cloneRow(
  execute: Execute,
  table: string,
  id: string,
  n: number,
  unique: readonly string[] = [],
  from = 1,
): Promise<void> {
  const columns = (
    await execute(
      'select column_name from information_schema.columns where table_name = ? and table_schema = current_schema() ' +
        'order by ordinal_position',
      [table],
    )
  ).map((c) => String(c.column_name));
  const quoted = columns.map((c) => `"${c}"`);
  const values = columns.map((c) =>
    c === 'id' ? 'gen_random_uuid()' : unique.includes(c) ? `"${c}" || '-' || g` : `"${c}"`,
  );
  await execute(
    `insert into "${table}" (${quoted.join(', ')}) select ${values.join(', ')} from "${table}", generate_series(?::int, ?::int) g where id = ?`,
    [from, from + n - 1, id],
  );
}
