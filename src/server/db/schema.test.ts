import { is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test-support/harness.ts';
import type { DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';

// The migrations are the source of truth and schema.ts mirrors them by hand: these tests compare the two on a freshly
// migrated database, so that a migration whose mirror was forgotten (or a mirror that guesses) fails here.

/**
 * Tables no query of Perch reads through drizzle: the migrator's own bookkeeping, and the changes the live updates'
 * feed reads in SQL (migration 0031).
 */
const bookkeepingTables = ['schema_migrations', 'perch_changes'];
/** Columns that live only in SQL, each with the reason drizzle never reads or writes them. */
const sqlOnlyColumns: Record<string, string> = {
  'bookings.occupied': 'generated from the date and slot for the exclusion constraint against double booking',
  'bookings.released': 'the released days as a tsmultirange, kept from booking_releases by a trigger for `occupied`',
};

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  sql_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null;
}

const mirroredTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

let database: DatabaseHandle;
let drop: () => Promise<void>;
let databaseTables: string[];
let databaseColumns: DatabaseColumn[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const tables = await database.sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  databaseTables = tables.map((row) => row.table_name);
  // format_type prints a type as PostgreSQL itself spells it, with its precision (numeric(10,2)).
  databaseColumns = await database.sql.query<DatabaseColumn>(
    `SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS sql_type, c.is_nullable,
            c.column_default, c.is_identity, c.identity_generation
     FROM information_schema.columns c
     JOIN pg_catalog.pg_attribute a
       ON a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
      AND a.attname = c.column_name
     WHERE c.table_schema = 'public'`,
  );
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('schema.ts, the hand mirror of the migrations', () => {
  it('declares every table of the migrated database but the migrations bookkeeping, and no table it lacks', () => {
    const declared = mirroredTables.map((table) => `${table.schema ?? 'public'}.${table.name}`);
    const expected = databaseTables.filter((name) => !bookkeepingTables.includes(name)).map((name) => `public.${name}`);
    const problems = [
      ...expected
        .filter((name) => !declared.includes(name))
        .map((name) => `table ${name} is in the migrated database but not in schema.ts`),
      ...declared
        .filter((name) => !expected.includes(name))
        .map((name) => `table ${name} is in schema.ts but not in the migrated database`),
    ];
    expect(problems).toEqual([]);
  });

  it('declares each column as the migrated database has it: its SQL type, nullability and default', () => {
    const problems: string[] = [];
    for (const table of mirroredTables) {
      const inDatabase = new Map(
        databaseColumns.filter((row) => row.table_name === table.name).map((row) => [row.column_name, row]),
      );
      for (const column of table.columns) {
        const where = `${table.name}.${column.name}`;
        const found = inDatabase.get(column.name);
        if (!found) {
          problems.push(`column ${where} is in schema.ts but not in the migrated database`);
          continue;
        }
        inDatabase.delete(column.name);
        const mirrored = describeMirrored(column);
        const actual = describeInDatabase(found);
        for (const aspect of ['type', 'nullability', 'default'] as const) {
          if (mirrored[aspect] !== actual[aspect]) {
            problems.push(`column ${where}: schema.ts says ${mirrored[aspect]}, the database says ${actual[aspect]}`);
          }
        }
      }
      for (const name of inDatabase.keys()) {
        if (!(`${table.name}.${name}` in sqlOnlyColumns)) {
          problems.push(`column ${table.name}.${name} is in the migrated database but not in schema.ts`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

function describeMirrored(column: PgColumn) {
  const identity = column.generatedIdentity?.type;
  return {
    type: canonicalType(column.getSQLType()),
    nullability: column.notNull ? 'not null' : 'nullable',
    default: identity
      ? `generated ${identity === 'always' ? 'always' : 'by default'} as identity`
      : column.default !== undefined
        ? 'a default'
        : 'no default',
  };
}

function describeInDatabase(column: DatabaseColumn) {
  return {
    type: column.sql_type,
    nullability: column.is_nullable === 'NO' ? 'not null' : 'nullable',
    default:
      column.is_identity === 'YES'
        ? `generated ${column.identity_generation?.toLowerCase()} as identity`
        : column.column_default !== null
          ? 'a default'
          : 'no default',
  };
}

/** A type as drizzle spells it (`numeric(10, 2)`, `varchar(80)`), spelt as format_type prints it. */
function canonicalType(drizzleType: string): string {
  return drizzleType
    .replace(/\s*\(\s*/g, '(')
    .replace(/\s*,\s*/g, ',')
    .replace(/^varchar\b/, 'character varying')
    .replace(/^char\b/, 'character')
    .replace(/^(timestamp|time)(\(\d+\))?$/, '$1$2 without time zone')
    .replace(/^numeric\((\d+)\)$/, 'numeric($1,0)');
}
