import { randomUUID } from 'node:crypto';
import { maxFloorPlanBytes } from '#domain/floor-plan.ts';
import { isUuid } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, badRequest, describeForLog, forbidden, notFound } from '#server/errors.ts';
import type { ServedObject } from '#server/storage/object-store.ts';
import { readAtMost } from '#server/storage/read-at-most.ts';
import { type ImageMediaType, sniffImage, sniffLength } from '#server/storage/sniff-image.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { listOrganizations, requireEditor } from '../organizations/service.ts';
import * as repo from './repo.ts';

export const uploadLifetimeSeconds = 15 * 60;
export const objectPathPrefix = '/api/objects/';
export const servedCacheControl = 'private, max-age=31536000, immutable';

// Browser PUTs land here (S3 only); the verified copy lives at the upload's own key, which no URL can write.
const incomingPrefix = 'incoming/';
const floorPlanFolder = (organizationId: string) => `floor-plans/${organizationId}`;

/** Every folder that holds an organization's images: checked copies, and uploads not yet checked (S3). */
export const floorPlanFoldersOf = (organizationId: string) => [
  floorPlanFolder(organizationId),
  `${incomingPrefix}${floorPlanFolder(organizationId)}`,
];

export const uploadMessages = {
  organizationRequired: 'organizationId is required',
  expired:
    'Request has expired: this upload link was already used or is more than 15 minutes old. Please upload again.',
  tooLarge: 'The floor plan is too large: the limit is 10 MB (10,485,760 bytes).',
  notAnImage: 'The floor plan must be a PNG, JPEG or WebP image; SVG and other formats are not accepted.',
  empty: 'The floor plan must be a PNG, JPEG or WebP image; the file is empty.',
  notIssued: 'That floor-plan location was not issued by Perch.',
  notFound: 'That floor-plan image was not found.',
  notUploadedYet: 'Nothing has been uploaded to that location yet. Please upload the image first.',
  floorNotFound: 'Floor not found.',
  updated: 'Floor plan updated.',
} as const;

export const tooLarge = () => new AppError(413, uploadMessages.tooLarge);
const unsupportedMediaType = (message: string) => new AppError(415, message);

const locationOf = (uploadId: string) => `${objectPathPrefix}${uploadId}`;

/** The organization the caller administers, when it administers exactly one. */
async function soleAdministeredOrganization(context: AppContext, userId: string): Promise<string> {
  const administered = (await listOrganizations(context, userId)).filter(
    (organization) => organization.role === 'admin',
  );
  if (administered.length !== 1 || !administered[0]) throw badRequest(uploadMessages.organizationRequired);
  return administered[0].id;
}

/** Editors only (requireEditor): a single-use URL that accepts one floor-plan image for 15 minutes. */
export async function createUploadUrl(
  context: AppContext,
  userId: string,
  organizationId: string | undefined,
): Promise<{ uploadURL: string }> {
  const organization = organizationId ?? (await soleAdministeredOrganization(context, userId));
  await requireEditor(context, organization, userId);
  const { token, digest } = createToken();
  const objectKey = `${floorPlanFolder(organization)}/${randomUUID()}`;
  await repo.insertUpload(context.db, {
    organizationId: organization,
    userId,
    tokenDigest: digest,
    objectKey,
    lifetimeSeconds: uploadLifetimeSeconds,
  });
  const store = context.objectStore;
  const uploadURL = await store.createUploadUrl({
    key: store.kind === 's3' ? `${incomingPrefix}${objectKey}` : objectKey,
    token,
    expiresInSeconds: uploadLifetimeSeconds,
  });
  return { uploadURL };
}

/** The token authorises the PUT, like a presigned URL: refuses a dead one before the body is read. */
export async function checkUploadToken(context: AppContext, token: string): Promise<void> {
  if (token.length > 100 || !(await repo.findLiveUpload(context.db, digestToken(token)))) {
    throw forbidden(uploadMessages.expired);
  }
}

/** Sniffs the bytes, not the name or the declared type. */
function requireImage(bytes: Uint8Array): ImageMediaType {
  if (bytes.byteLength === 0) throw unsupportedMediaType(uploadMessages.empty);
  const type = sniffImage(bytes);
  if (!type) throw unsupportedMediaType(uploadMessages.notAnImage);
  return type;
}

/** The local store's PUT: one raster image per token, stored, then the token is used up. */
export async function receiveUpload(
  context: AppContext,
  token: string,
  body: Uint8Array | undefined,
): Promise<{ location: string }> {
  const bytes = body ?? new Uint8Array();
  if (bytes.byteLength > maxFloorPlanBytes) throw tooLarge();
  const contentType = requireImage(bytes);
  const claimed = await repo.claimUpload(context.db, digestToken(token), {
    contentType,
    sizeBytes: bytes.byteLength,
  });
  if (!claimed) throw forbidden(uploadMessages.expired);
  try {
    await context.objectStore.put(claimed.objectKey, bytes, contentType);
  } catch (error) {
    await repo.releaseUpload(context.db, claimed.id);
    throw error;
  }
  return { location: locationOf(claimed.id) };
}

/** Finds the upload a floor-plan location names; only locations this server issued are understood. */
async function findIssuedUpload(context: AppContext, location: string): Promise<repo.UploadRow | undefined> {
  const publicOrigin = new URL(context.config.publicUrl).origin;
  let parsed: URL | undefined;
  try {
    parsed = new URL(location, publicOrigin);
  } catch {
    parsed = undefined;
  }
  if (parsed && parsed.origin === publicOrigin && parsed.pathname.startsWith(objectPathPrefix)) {
    const uploadId = parsed.pathname.slice(objectPathPrefix.length);
    if (isUuid(uploadId)) return repo.findUploadById(context.db, uploadId);
  }
  const reference = context.objectStore.locateUpload(location);
  if (reference && 'token' in reference) return repo.findUploadByDigest(context.db, digestToken(reference.token));
  if (reference && 'key' in reference && reference.key.startsWith(incomingPrefix)) {
    return repo.findUploadByKey(context.db, reference.key.slice(incomingPrefix.length));
  }
  throw badRequest(uploadMessages.notIssued);
}

/** Deletes what arrived in the bucket and answers why it was refused. */
async function refuseIncoming(context: AppContext, key: string, error: AppError): Promise<never> {
  await context.objectStore.remove(key);
  throw error;
}

/**
 * An upload that went straight to the bucket is checked on first use: size, then content by magic bytes.
 * The checked bytes are copied to the upload's own key, so a second PUT with a still-valid presigned URL
 * cannot swap the image after the check.
 */
async function verifyBucketUpload(context: AppContext, upload: repo.UploadRow): Promise<repo.UploadRow> {
  const store = context.objectStore;
  const incoming = `${incomingPrefix}${upload.objectKey}`;
  const size = await store.size(incoming);
  if (size === null) throw badRequest(uploadMessages.notUploadedYet);
  if (size > maxFloorPlanBytes) return refuseIncoming(context, incoming, tooLarge());
  const start = (await store.readStart(incoming, sniffLength)) ?? new Uint8Array();
  if (start.byteLength === 0 || !sniffImage(start)) {
    return refuseIncoming(
      context,
      incoming,
      unsupportedMediaType(start.byteLength ? uploadMessages.notAnImage : uploadMessages.empty),
    );
  }
  const stream = await store.read(incoming);
  if (!stream) throw badRequest(uploadMessages.notUploadedYet);
  const bytes = await readAtMost(stream, maxFloorPlanBytes);
  if (!bytes) return refuseIncoming(context, incoming, tooLarge());
  let contentType: ImageMediaType;
  try {
    contentType = requireImage(bytes);
  } catch (error) {
    return refuseIncoming(context, incoming, error as AppError);
  }
  const confirmed = await repo.confirmUpload(context.db, upload.id, { contentType, sizeBytes: bytes.byteLength });
  if (!confirmed) {
    // Another request confirmed it meanwhile: its copy stands.
    const current = await repo.findUploadById(context.db, upload.id);
    if (current?.usedAt) return current;
    throw notFound(uploadMessages.notFound);
  }
  try {
    await store.put(upload.objectKey, bytes, contentType);
  } catch (error) {
    await repo.releaseUpload(context.db, upload.id);
    throw error;
  }
  await store.remove(incoming).catch((error: unknown) => {
    context.log.warn(
      { error: describeForLog(error), key: incoming },
      'could not remove a verified upload from the incoming area',
    );
  });
  return confirmed;
}

/** The stored upload a floor-plan location names, for this organization only; another tenant's is 404. */
async function resolveFloorPlanLocation(
  context: AppContext,
  organizationId: string,
  location: string,
): Promise<repo.UploadRow> {
  const upload = await findIssuedUpload(context, location);
  if (!upload || upload.organizationId !== organizationId) throw notFound(uploadMessages.notFound);
  if (upload.usedAt) return upload;
  if (context.objectStore.kind === 's3') return verifyBucketUpload(context, upload);
  throw badRequest(uploadMessages.notUploadedYet);
}

export type FloorPlanTarget = { floorId: string } | { organizationId: string };

/** Editors only (requireEditor on the owning organization): points a floor or the organization at an upload. */
export async function setFloorPlan(
  context: AppContext,
  userId: string,
  target: FloorPlanTarget,
  location: string,
): Promise<{ message: string; floorPlanUrl: string }> {
  let organizationId: string;
  if ('floorId' in target) {
    const owner = isUuid(target.floorId) ? await repo.findFloorOrganization(context.db, target.floorId) : undefined;
    if (!owner) throw notFound(uploadMessages.floorNotFound);
    await requireEditor(context, owner, userId).catch((error: unknown) => {
      // A floor of an organization the caller is not in does not exist, as far as the caller can tell.
      throw error instanceof AppError && error.statusCode === 404 ? notFound(uploadMessages.floorNotFound) : error;
    });
    organizationId = owner;
  } else {
    await requireEditor(context, target.organizationId, userId);
    organizationId = target.organizationId;
  }
  const upload = await resolveFloorPlanLocation(context, organizationId, location);
  const floorPlanUrl = locationOf(upload.id);
  // The image and its record in the audit log are saved together.
  const saved = await context.db.transaction(async (tx) => {
    const audited = { organizationId, actor: { id: userId } };
    if ('floorId' in target) {
      const floor = await repo.setFloorPlanOfFloor(tx, organizationId, target.floorId, floorPlanUrl);
      if (floor) {
        await recordAuditEvent(tx, {
          ...audited,
          action: 'floor.plan_uploaded',
          target: { type: 'floor', id: target.floorId },
          details: { name: floor.name },
        });
      }
      return floor !== undefined;
    }
    const isSaved = await repo.setFloorPlanOfOrganization(tx, organizationId, floorPlanUrl);
    if (isSaved) {
      await recordAuditEvent(tx, {
        ...audited,
        action: 'organization.plan_uploaded',
        target: { type: 'organization', id: organizationId },
      });
    }
    return isSaved;
  });
  if (!saved) throw notFound('floorId' in target ? uploadMessages.floorNotFound : 'Organization not found.');
  return { message: uploadMessages.updated, floorPlanUrl };
}

export interface ServableObject {
  served: ServedObject;
  contentType: ImageMediaType;
  etag: string;
}

/** Members of the owning organization only (findUploadForMember); anyone else gets 404. */
export async function findServableObject(
  context: AppContext,
  userId: string,
  uploadId: string,
): Promise<ServableObject> {
  const upload = isUuid(uploadId) ? await repo.findUploadForMember(context.db, uploadId, userId) : undefined;
  if (!upload) throw notFound(uploadMessages.notFound);
  const served = await context.objectStore.serve(upload.objectKey, {
    contentType: upload.contentType,
    cacheControl: servedCacheControl,
  });
  if (!served) throw notFound(uploadMessages.notFound);
  // The object behind an upload id never changes, so the id is a strong validator.
  return { served, contentType: upload.contentType, etag: `"${upload.id}"` };
}
