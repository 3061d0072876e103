import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/** A placeholder of a named statement, filled at each execution with the value of that name. */
export const param = (name: string) => sql.placeholder(name);

/** A query builder's statement (select, insert, update, delete), which drizzle can prepare under a name. */
interface PreparableQuery<Row> {
  prepare(name: string): PreparedRows<Row>;
}

interface PreparedRows<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

export interface NamedStatement<Values extends Record<string, unknown>, Row> {
  /** Runs the statement with these values on db (the pool, or a transaction) and answers its rows. */
  rows(db: Database, values: Values): Promise<Row[]>;
}

/**
 * A hot statement written once, with placeholders (`param`), and run as a named prepared statement (decisions 009
 * and 025): on PostgreSQL each pooled connection parses and plans it once, and every later execution sends only its
 * name and parameters (the text is neither rebuilt by drizzle nor sent, nor parsed and planned again). PGlite runs it
 * as any other statement. The one way Perch prepares a statement.
 *
 * `query` is the query builder's statement, given the database to build it on (its rows are mapped by the schema,
 * as any builder query's), or raw SQL for what the builder cannot say (its rows are the driver's, typed `Row` by
 * the caller). Either is prepared once per database handle or transaction. The text never varies between
 * executions, only the values: use it for statements whose best plan does not depend on the values (lookups by
 * key), not for range reads.
 */
export function namedStatement<Values extends Record<string, unknown>, Row>(
  name: string,
  query: SQL | ((db: Database) => PreparableQuery<Row>),
): NamedStatement<Values, Row> {
  const prepare =
    typeof query === 'function' ? (db: Database) => query(db).prepare(name) : rawStatement<Row>(name, query);
  const prepared = new WeakMap<Database, PreparedRows<Row>>();
  return {
    rows(db, values) {
      let statement = prepared.get(db);
      if (!statement) {
        statement = prepare(db);
        prepared.set(db, statement);
      }
      return statement.execute(values);
    },
  };
}

/** Raw SQL prepared under a name: drizzle's own prepared query, without the builder's mapping of the rows. */
function rawStatement<Row>(name: string, query: SQL): (db: Database) => PreparedRows<Row> {
  const built = dialect.sqlToQuery(query);
  return (db) => {
    const prepared = db._.session.prepareQuery(built, undefined, name, false);
    return {
      execute: async (values) => ((await prepared.execute(values)) as unknown as { rows: Row[] }).rows,
    };
  };
}
