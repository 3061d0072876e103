import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The accounts, organizations, floors, desks, bookings and payments tables.
// Part of the schema, which schema.ts gathers: it mirrors the SQL migrations in ./migrations, the source of truth.

/** Every timestamp column of the schema's files: with its time zone, read as a Date. */
export const timestamps = { withTimezone: true, mode: 'date' } as const;
const zoomLevel = { precision: 4, scale: 2 } as const;
const deskMeasure = { precision: 10, scale: 2 } as const;

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  emailVerifiedAt: timestamp('email_verified_at', timestamps),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  /** Migration 0017: whether the person gets a mail before a check-in window opens. */
  checkInReminders: boolean('check_in_reminders').notNull().default(true),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
  lastSeenAt: timestamp('last_seen_at', timestamps).notNull().defaultNow(),
  /** Migration 0022: how the session was opened; through which organization's connection for single sign-on. */
  signInMethod: text('sign_in_method', {
    enum: ['password', 'passkey', 'sso', 'registration', 'invitation', 'email-link'],
  })
    .notNull()
    .default('password'),
  ssoOrganizationId: uuid('sso_organization_id'),
});

export const accountTokens = pgTable('account_tokens', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['password-reset', 'email-verification', 'email-change'] }).notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
  usedAt: timestamp('used_at', timestamps),
  /** Migration 0023: the address an e-mail change link confirms (only for that purpose). */
  newEmail: text('new_email'),
});

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  timeZone: text('time_zone').notNull(),
  floorPlanUrl: text('floor_plan_url'),
  defaultZoomLevel: numeric('default_zoom_level', zoomLevel),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  /** Migration 0013: the booking rules (src/domain/booking-rules.ts) and the amenity tags desks may carry. */
  oneDeskPerPerson: boolean('one_desk_per_person').notNull().default(true),
  maxDaysAhead: integer('max_days_ahead').notNull().default(90),
  maxBookingsPerWeek: integer('max_bookings_per_week'),
  adminsExemptFromLimits: boolean('admins_exempt_from_limits').notNull().default(true),
  amenities: text('amenities')
    .array()
    .notNull()
    .default(sql`ARRAY['monitor', 'standing desk', 'docking station', 'window', 'quiet']::text[]`),
  /** Migration 0017: check-in (src/domain/check-in.ts). */
  checkInRequired: boolean('check_in_required').notNull().default(false),
  checkInGraceMinutes: integer('check_in_grace_minutes').notNull().default(30),
  autoRelease: boolean('auto_release').notNull().default(true),
  checkInRequiredSince: timestamp('check_in_required_since', timestamps),
  /** Migration 0018: raised by every write to a booking dated before yesterday (analytics keeps closed weeks). */
  analyticsHistoryRevision: bigint('analytics_history_revision', { mode: 'number' }).notNull().default(0),
  /** Migration 0029: members (not admins) see no other person's name on bookings (src/domain/privacy.ts). */
  hideNames: boolean('hide_names').notNull().default(false),
});

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    /** Migration 0024: the site the dashboard opens on for this person (null: the organization's first site). */
    homeSiteId: uuid('home_site_id'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] })],
);

export const subscriptions = pgTable('subscriptions', {
  organizationId: uuid('organization_id').primaryKey(),
  planId: text('plan_id'),
  planName: text('plan_name'),
  maxUsers: integer('max_users').notNull(),
  status: text('status', {
    enum: ['active', 'trial', 'cancel_at_period_end', 'cancelled', 'none'],
  }).notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  nextBillingTime: timestamp('next_billing_time', timestamps),
  endsAt: timestamp('ends_at', timestamps),
  isOverridden: boolean('is_overridden').notNull().default(false),
  overrideReason: text('override_reason'),
  /** Migration 0007: when the "trial ends in 3 days" mail went out. */
  trialReminderSentAt: timestamp('trial_reminder_sent_at', timestamps),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', timestamps).notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', timestamps).notNull(),
  hits: integer('hits').notNull(),
});

/** Migration 0024: an organization's offices, each with its own clock (src/domain/sites.ts). */
export const sites = pgTable('sites', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  address: text('address'),
  timeZone: text('time_zone').notNull(),
  /** 'HH:MM:SS' as PostgreSQL writes a time. */
  dayStart: time('day_start').notNull().default('09:00'),
  midday: time('midday').notNull().default('13:00'),
  dayEnd: time('day_end').notNull().default('18:00'),
  workingDays: smallint('working_days').array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

export const floors = pgTable('floors', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  /** Migration 0024: an SQL insert that leaves it out gets the organization's first site (a trigger fills it). */
  siteId: uuid('site_id').notNull(),
  name: text('name').notNull(),
  floorPlanUrl: text('floor_plan_url'),
  defaultZoomLevel: numeric('default_zoom_level', zoomLevel),
  /** Grows with every change to the floor's desks (triggers in migration 0003). */
  desksRevision: bigint('desks_revision', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

export const desks = pgTable('desks', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  floorId: uuid('floor_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  positionX: numeric('position_x', deskMeasure).notNull(),
  positionY: numeric('position_y', deskMeasure).notNull(),
  width: numeric('width', deskMeasure).notNull(),
  height: numeric('height', deskMeasure).notNull(),
  rotation: integer('rotation').notNull().default(0),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  /** Migration 0013: amenity tags, and whether members may book the desk (with the reason they see when not). */
  amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
  bookable: boolean('bookable').notNull().default(true),
  unavailableReason: text('unavailable_reason'),
  /** Migration 0026: the neighbourhood of its floor the desk is in (null: none). */
  neighbourhoodId: uuid('neighbourhood_id'),
});

/** Migration 0026: an organization's teams; their limits, when set, replace the organization's (src/domain/teams.ts). */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  colour: text('colour').notNull(),
  maxDaysAhead: integer('max_days_ahead'),
  maxBookingsPerWeek: integer('max_bookings_per_week'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

/** Migration 0026: who is in which team; a membership's end removes its rows. */
export const teamMembers = pgTable(
  'team_members',
  {
    organizationId: uuid('organization_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

/** Migration 0026: desks of one floor grouped, kept for teams on some weekdays or open to all (src/domain/neighbourhoods.ts). */
export const neighbourhoods = pgTable('neighbourhoods', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  floorId: uuid('floor_id').notNull(),
  name: text('name').notNull(),
  colour: text('colour').notNull(),
  /** ISO weekdays the restriction holds on; empty: every day. */
  weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

/** Migration 0026: the teams a neighbourhood is kept for (none: open to all). */
export const neighbourhoodTeams = pgTable(
  'neighbourhood_teams',
  {
    organizationId: uuid('organization_id').notNull(),
    neighbourhoodId: uuid('neighbourhood_id').notNull(),
    teamId: uuid('team_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.neighbourhoodId, table.teamId] })],
);

export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  /** Null once the uploader's account is deleted (migration 0009). */
  userId: uuid('user_id'),
  tokenDigest: text('token_digest').notNull(),
  objectKey: text('object_key').notNull(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
  usedAt: timestamp('used_at', timestamps),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }),
  sizeBytes: integer('size_bytes'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

// The generated `occupied` column (and its exclusion constraint) lives only in SQL: drizzle never writes it.
export const bookings = pgTable('bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  deskId: uuid('desk_id').notNull(),
  userId: uuid('user_id').notNull(),
  bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  timeSlot: text('time_slot', { enum: ['full-day', 'morning', 'afternoon'] }).notNull(),
  status: text('status', { enum: ['active', 'cancelled'] })
    .notNull()
    .default('active'),
  notes: text('notes'),
  isPermanent: boolean('is_permanent').notNull().default(false),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', timestamps),
  cancelledBy: uuid('cancelled_by'),
  /** Migration 0017: check-in, the release of a no-show (status cancelled), and walk-ins. */
  checkedInAt: timestamp('checked_in_at', timestamps),
  releasedAt: timestamp('released_at', timestamps),
  isWalkIn: boolean('is_walk_in').notNull().default(false),
  /** Migration 0028: the series that made it (issue 29), or null. */
  seriesId: uuid('series_id'),
  /** Migration 0027: a permanent booking made for a person, their assigned desk (its `released` days live in SQL). */
  isAssigned: boolean('is_assigned').notNull().default(false),
});

/** Migration 0027: whole days an assigned desk's owner (or an admin) freed for others (src/domain/releases.ts). */
export const bookingReleases = pgTable('booking_releases', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

// Migration 0017: one check-in reminder per person, organization and day.
export const checkInRemindersSent = pgTable(
  'check_in_reminders_sent',
  {
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId, table.bookingDate] })],
);

// Migration 0017: a person's calendar feed, its token stored only as a SHA-256 digest.
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id').primaryKey(),
  tokenDigest: text('token_digest').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

/** PostgreSQL's bytea, read as bytes whichever driver answers (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
  toDriver: (value) => Buffer.from(value),
});

// Migration 0019: a person's passkeys (WebAuthn credentials), and the challenges awaiting an answer.
export const passkeys = pgTable('passkeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
  deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', timestamps),
});

export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
  userId: uuid('user_id'),
  challenge: text('challenge').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
});

// Migration 0005. A token is stored only as its SHA-256 digest; at most one open invitation per address.
export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: ['admin', 'member'] }).notNull(),
  tokenDigest: text('token_digest').notNull(),
  invitedBy: uuid('invited_by'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  sentAt: timestamp('sent_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
  acceptedAt: timestamp('accepted_at', timestamps),
  acceptedBy: uuid('accepted_by'),
  revokedAt: timestamp('revoked_at', timestamps),
});

// Rows are only ever rewritten when an account is deleted: "a deleted user" then replaces the person's e-mail and
// name in actor_email and details (data-rights-service.ts; migration 0011 for accounts deleted before).
export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: uuid('organization_id'),
  actorUserId: uuid('actor_user_id'),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

// Migration 0007: subscriptions through a payment provider.
export const paymentCheckouts = pgTable('payment_checkouts', {
  providerSubscriptionId: text('provider_subscription_id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  planId: text('plan_id', { enum: ['tier-1', 'tier-2', 'tier-3', 'tier-4'] }).notNull(),
  providerPlanId: text('provider_plan_id').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', timestamps),
});

export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', timestamps).notNull().defaultNow(),
});

// custom_id is the organization's id; the row goes when the organization is deleted with its last member's account.
export const localCheckoutSubscriptions = pgTable('local_checkout_subscriptions', {
  id: text('id').primaryKey(),
  providerPlanId: text('provider_plan_id').notNull(),
  customId: text('custom_id'),
  status: text('status', {
    enum: ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED'],
  }).notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  requestId: text('request_id').notNull(),
  display: jsonb('display')
    .$type<{ organizationName?: string; planName?: string; price?: string; currency?: string }>()
    .notNull()
    .default({}),
  nextBillingTime: timestamp('next_billing_time', timestamps),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', timestamps).notNull().defaultNow(),
});
