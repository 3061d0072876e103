import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-tables.ts';

// Single sign-on's tables.
// Part of the schema, which schema.ts gathers: it mirrors the SQL migrations in ./migrations, the source of truth.

// Migration 0020: single sign-on (decision 021). The client secret only encrypted; one domain, one organization.
export const ssoConnections = pgTable('sso_connections', {
  organizationId: uuid('organization_id').primaryKey(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  required: boolean('required').notNull().default(false),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', timestamps).notNull().defaultNow(),
});

// Migration 0022: a domain is claimed by any number of organizations, verified (DNS TXT) by one at most.
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').notNull(),
    organizationId: uuid('organization_id').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', timestamps),
    checkedAt: timestamp('checked_at', timestamps),
    missedChecks: integer('missed_checks').notNull().default(0),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.domain] })],
);

// Migration 0022: identities at an organization's provider linked to accounts.
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    organizationId: uuid('organization_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    linkedBy: text('linked_by', { enum: ['verified-domain', 'password', 'passkey'] }).notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.issuer, table.subject] })],
);

// Migration 0022: identities waiting for their account's owner to link them with a password or passkey.
export const ssoPendingLinks = pgTable('sso_pending_links', {
  id: text('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
});

// Pending sign-ins, keyed by the digest of their state; single use, 10 minutes.
export const ssoLogins = pgTable('sso_logins', {
  id: text('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Migration 0022: the digest of the token in the starting browser's cookie. */
  browserDigest: text('browser_digest').notNull(),
  returnPath: text('return_path').notNull().default('/'),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
});
