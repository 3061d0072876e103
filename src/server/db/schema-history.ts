import { bigint, boolean, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-tables.ts';

// What the triggers keep for analytics and the day cache.
// Part of the schema, which schema.ts gathers: it mirrors the SQL migrations in ./migrations, the source of truth.

// Migration 0010, read and written only by SQL (triggers and the day cache's revision sum). No foreign keys: the rows
// of a deleted organization's desks are removed by the deletion of its last member's account (migration 0011).
export const deskBookingRevisions = pgTable(
  'desk_booking_revisions',
  {
    organizationId: uuid('organization_id').notNull(),
    deskId: uuid('desk_id').notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.deskId] })],
);

// Migration 0018: what analytics keeps of a deleted floor or desk and of the bookings the desk held up to the day it
// went, written only by the triggers that run before the delete; read by modules/analytics.
export const retiredFloors = pgTable('retired_floors', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  retiredAt: timestamp('retired_at', timestamps).notNull().defaultNow(),
  /** Migration 0030: the site the floor was on (null: deleted before sites kept it). */
  siteId: uuid('site_id'),
});

export const retiredDesks = pgTable('retired_desks', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  floorId: uuid('floor_id').notNull(),
  name: text('name').notNull(),
  bookable: boolean('bookable').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull(),
  retiredAt: timestamp('retired_at', timestamps).notNull().defaultNow(),
});

export const retiredBookings = pgTable('retired_bookings', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  deskId: uuid('desk_id').notNull(),
  userId: uuid('user_id').notNull(),
  bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  timeSlot: text('time_slot').notNull(),
  status: text('status').notNull(),
  isPermanent: boolean('is_permanent').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull(),
  cancelledAt: timestamp('cancelled_at', timestamps),
  checkedInAt: timestamp('checked_in_at', timestamps),
  releasedAt: timestamp('released_at', timestamps),
  isWalkIn: boolean('is_walk_in').notNull(),
});

// Migration 0021: the days each desk spent out of service (from starts_on to the day before ends_on), written only by
// the desks' triggers; read by modules/analytics.
export const deskServicePeriods = pgTable(
  'desk_service_periods',
  {
    deskId: uuid('desk_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.deskId, table.startsOn] })],
);
