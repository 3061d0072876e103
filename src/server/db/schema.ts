// The database's tables as drizzle sees them, gathered from the files that declare them by area. They mirror the SQL
// migrations in ./migrations, which are the source of truth; schema.test.ts compares the two.
export * from './schema-following.ts';
export * from './schema-history.ts';
export * from './schema-series.ts';
export * from './schema-sso.ts';
export * from './schema-tables.ts';
