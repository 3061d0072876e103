import { date, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-tables.ts';

/** Migration 0028: the rule a recurring booking was made by; its bookings point at it (bookings.series_id). */
export const bookingSeries = pgTable('booking_series', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  userId: uuid('user_id').notNull(),
  deskId: uuid('desk_id').notNull(),
  timeSlot: text('time_slot', { enum: ['full-day', 'morning', 'afternoon'] }).notNull(),
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: smallint('weekdays').array().notNull(),
  /** 1: every week; 2: every other week. */
  intervalWeeks: smallint('interval_weeks').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  untilDate: date('until_date', { mode: 'string' }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', timestamps),
});
