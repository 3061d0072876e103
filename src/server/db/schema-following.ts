import { date, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-tables.ts';

// Following colleagues and the evening mail about them (issue 29, migration 0029).
// Part of the schema, which schema.ts gathers: it mirrors the SQL migrations in ./migrations, the source of truth.

/** A person follows a colleague of the same organization; the row ends with either membership. */
export const follows = pgTable(
  'follows',
  {
    organizationId: uuid('organization_id').notNull(),
    followerId: uuid('follower_id').notNull(),
    followeeId: uuid('followee_id').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.followerId, table.followeeId] })],
);

/** Who asked for the evening mail about the people they follow and their teams. */
export const dailyMailSubscribers = pgTable(
  'daily_mail_subscribers',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] })],
);

/** The evening mails sent, claimed by an insert so that no instance sends one twice. */
export const dailyMailsSent = pgTable(
  'daily_mails_sent',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    mailDate: date('mail_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId, table.mailDate] })],
);
