import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/** A placeholder of a named statement, filled at each execution with the value of that name. */
export const param = (name: string) => sql.placeholder(name);

export interface NamedStatement<Values extends Record<string, unknown>> {
  /** Runs the statement with these values on db (the pool, or a transaction) and answers its rows. */
  rows<Row>(db: Database, values: Values): Promise<Row[]>;
}

/**
 * A hot statement written once, with placeholders, and run as a named prepared statement (decision 009): on
 * PostgreSQL each pooled connection parses and plans it once, and every later execution sends only its name and
 * parameters (the text is neither rebuilt by drizzle nor sent, nor parsed and planned again). PGlite runs it as
 * any other statement. The text never varies between executions, only the values: use it for statements whose
 * best plan does not depend on the values (lookups by key), not for range reads.
 */
export function namedStatement<Values extends Record<string, unknown>>(
  name: string,
  query: SQL,
): NamedStatement<Values> {
  const built = dialect.sqlToQuery(query);
  return {
    async rows<Row>(db: Database, values: Values): Promise<Row[]> {
      const result = await db._.session.prepareQuery(built, undefined, name, false).execute(values);
      return (result as unknown as { rows: Row[] }).rows;
    },
  };
}
