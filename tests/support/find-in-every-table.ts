import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Every column of every table, read as text: where any of the needles still appears, whatever its case, as
 * "table.column: needle" (needle in lower case). Types other than text and JSON are read too, so that nothing is
 * missed.
 */
export async function findInEveryTable(testApp: TestApp, needles: string[]): Promise<string[]> {
  const columns = await testApp.database.sql.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await testApp.database.sql.query<{ needle: string }>(
      `SELECT DISTINCT n AS needle FROM ${quoted(table)} AS t, unnest($1::text[]) AS n
        WHERE strpos(lower(t.${quoted(column)}::text), n) > 0 ORDER BY n`,
      [needles.map((needle) => needle.toLowerCase())],
    );
    for (const row of rows) found.push(`${table}.${column}: ${row.needle}`);
  }
  return found;
}
