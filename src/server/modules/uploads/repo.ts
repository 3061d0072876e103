import { and, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { floors, memberships, organizations, uploads } from '#server/db/schema.ts';
import type { ImageMediaType } from '#server/storage/sniff-image.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** A new single-use upload, live for `lifetimeSeconds` by the database's clock. */
export async function insertUpload(
  db: Database,
  values: { organizationId: string; userId: string; tokenDigest: string; objectKey: string; lifetimeSeconds: number },
): Promise<UploadRow> {
  const [row] = await db
    .insert(uploads)
    .values({
      organizationId: values.organizationId,
      userId: values.userId,
      tokenDigest: values.tokenDigest,
      objectKey: values.objectKey,
      expiresAt: sql`now() + make_interval(secs => ${values.lifetimeSeconds})`,
    })
    .returning();
  if (!row) throw new Error('inserted upload was not returned');
  return row;
}

const isLive = and(isNull(uploads.usedAt), gt(uploads.expiresAt, sql`now()`));

/** The upload that token opens, while it is unused and unexpired. */
export async function findLiveUpload(db: Database, tokenDigest: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tokenDigest, tokenDigest), isLive))
    .limit(1);
  return row;
}

interface StoredImage {
  contentType: ImageMediaType;
  sizeBytes: number;
}

/** Uses the upload up and records what was stored, when `which` still matches it: answers the row, or undefined. */
async function markStored(db: Database, which: SQL | undefined, stored: StoredImage): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ usedAt: sql`now()`, ...stored })
    .where(which)
    .returning();
  return row;
}

/**
 * Uses up a live token and records what was stored, in one statement: of two PUTs with the same
 * token, exactly one gets the row back.
 */
export function claimUpload(db: Database, tokenDigest: string, stored: StoredImage): Promise<UploadRow | undefined> {
  return markStored(db, and(eq(uploads.tokenDigest, tokenDigest), isLive), stored);
}

/**
 * Marks an upload that went straight to the bucket as verified and stored. Not bound to the expiry:
 * the bucket refused PUTs after it, so whatever arrived, arrived in time.
 */
export function confirmUpload(db: Database, uploadId: string, stored: StoredImage): Promise<UploadRow | undefined> {
  return markStored(db, and(eq(uploads.id, uploadId), isNull(uploads.usedAt)), stored);
}

/** Gives a claimed upload back when its bytes could not be stored, so that the link can be tried again. */
export async function releaseUpload(db: Database, uploadId: string): Promise<void> {
  await db.update(uploads).set({ usedAt: null, contentType: null, sizeBytes: null }).where(eq(uploads.id, uploadId));
}

export async function findUploadById(db: Database, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row;
}

export async function findUploadByDigest(db: Database, tokenDigest: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.tokenDigest, tokenDigest)).limit(1);
  return row;
}

export async function findUploadByKey(db: Database, objectKey: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.objectKey, objectKey)).limit(1);
  return row;
}

/** A stored upload, only when the user is a member of the organization that owns it. */
export async function findUploadForMember(
  db: Database,
  uploadId: string,
  userId: string,
): Promise<(UploadRow & { contentType: ImageMediaType }) | undefined> {
  const [row] = await db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(memberships, and(eq(memberships.organizationId, uploads.organizationId), eq(memberships.userId, userId)))
    .where(and(eq(uploads.id, uploadId), isNotNull(uploads.usedAt), isNotNull(uploads.contentType)))
    .limit(1);
  if (!row?.upload.contentType) return undefined;
  return { ...row.upload, contentType: row.upload.contentType };
}

export async function findFloorOrganization(db: Database, floorId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: floors.organizationId })
    .from(floors)
    .where(eq(floors.id, floorId))
    .limit(1);
  return row?.organizationId;
}

export async function setFloorPlanOfFloor(
  db: Database,
  organizationId: string,
  floorId: string,
  floorPlanUrl: string,
): Promise<{ name: string } | undefined> {
  const [row] = await db
    .update(floors)
    .set({ floorPlanUrl })
    .where(and(eq(floors.id, floorId), eq(floors.organizationId, organizationId)))
    .returning({ name: floors.name });
  return row;
}

export async function setFloorPlanOfOrganization(
  db: Database,
  organizationId: string,
  floorPlanUrl: string,
): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ floorPlanUrl })
    .where(eq(organizations.id, organizationId))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** Upload links never used and expired more than `graceSeconds` ago (maintenance). */
export async function deleteAbandonedUploads(db: Database, graceSeconds: number): Promise<void> {
  await db
    .delete(uploads)
    .where(and(isNull(uploads.usedAt), lt(uploads.expiresAt, sql`now() - make_interval(secs => ${graceSeconds})`)));
}
