import { amenityLimits, deskAmenitiesSchema } from './amenities.ts';
import { idSchema } from './ids.ts';
import { isTimeZone, organizationMessages } from './organization.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

/** Spec section 9, floor plan constants. */
export const canvasSize = { width: 1920, height: 1080 } as const;
export const newDeskDefaults = { width: 120, height: 80, offsetX: 60, offsetY: 40, description: 'New desk' } as const;
export const editorLimits = {
  dragThreshold: 5,
  rotationStep: 15,
  gridSize: 50,
  undoDepth: 10,
  zoomMin: 0.5,
  zoomMax: 3,
  zoomStep: 0.25,
  zoomDefault: 1,
  hoverEndDelayMs: 100,
  scrollSaveDebounceMs: 200,
  scrollRestoreDelayMs: 100,
} as const;
export const maxFloorPlanBytes = 10_485_760;
export const floorPlanMediaTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const defaultFloorName = 'Floor 1';

export const floorPlanMessages = {
  selectFloorFirst: 'Please select a floor before adding desks',
  alignNeedsTwo: 'Select at least 2 desks to align',
  distributeNeedsThree: 'Select at least 3 desks to distribute',
  snapNeedsOne: 'Select at least 1 desk to snap to the grid',
  subscribeToEdit: 'Subscribe to edit floor plans',
  noDesks: 'No Desks',
  deleteDeskConfirm: (name: string) =>
    `Are you sure you want to delete desk ${name}? This will also remove any associated bookings.`,
} as const;

/** What members see of a desk that is not bookable: "Out of service: chair broken", or "Out of service". */
export function outOfServiceLabel(reason: string | null | undefined): string {
  return reason ? `Out of service: ${reason}` : 'Out of service';
}

/** New desks are named D plus a two-digit sequence number: the count of desks plus 1. */
export function nextDeskName(deskCount: number): string {
  return `D${String(deskCount + 1).padStart(2, '0')}`;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** A desk's top-left corner kept at least 0 and the whole desk within the canvas. */
export function clampPosition(x: number, y: number, width: number, height: number): { x: number; y: number } {
  return { x: clamp(x, 0, canvasSize.width - width), y: clamp(y, 0, canvasSize.height - height) };
}

/** Any angle in degrees, as 0 to 359. */
export function normaliseRotation(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/** Geometry arrives as numbers or numeric strings (spec section 3); anything else is refused. */
const numeric = (label: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number`),
      ],
      {
        error: `${label} must be a number`,
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .refine(Number.isFinite, `${label} must be a number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

// Positions may arrive outside the canvas (they are clamped), but not absurdly so.
const position = (label: string) => numeric(label, -100_000, 100_000);
const size = (label: string, max: number) => numeric(label, 1, max);
const rotation = numeric('Rotation', -100_000, 100_000);

/** Issue 15: a desk's name is 1 to 40 characters, unique on its floor whatever its case (a unique index says so). */
export const deskNameLimit = 40;
export const deskDescriptionLimit = 500;
export const unavailableReasonLimit = 200;

export const deskNameSchema = z
  .string({ error: 'Desk name is required' })
  .trim()
  .min(1, 'Desk name is required')
  .max(deskNameLimit, `Desk name must be at most ${deskNameLimit} characters`)
  .refine(hasNoControlCharacters, 'Desk name contains characters that are not allowed');
const deskName = deskNameSchema;

/** What a desk says about itself; blank is no description. */
const deskDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(deskDescriptionLimit, `Description must be at most ${deskDescriptionLimit} characters`)
  .refine(hasNoControlCharacters, 'Description contains characters that are not allowed');

/** Why members cannot book the desk ("chair broken"); blank is no reason. */
const unavailableReason = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(unavailableReasonLimit, `The reason must be at most ${unavailableReasonLimit} characters`)
  .refine(hasNoControlCharacters, 'The reason contains characters that are not allowed')
  .nullable()
  .transform((value) => (value ? value : null));

export const floorNameSchema = z
  .string({ error: 'Floor name is required' })
  .trim()
  .min(1, 'Floor name is required')
  .max(100, 'Floor name must be at most 100 characters')
  .refine(hasNoControlCharacters, 'Floor name contains characters that are not allowed');

/** The site a floor is on (issue 28): any id goes on to the service, which answers 404 for one not of the organization. */
const floorSiteId = idSchema.optional();

/** POST /api/organizations/{id}/floors: without siteId, the floor goes on the organization's first site. */
export const createFloorSchema = z.strictObject({ name: floorNameSchema, siteId: floorSiteId });

export const zoomLevelSchema = numeric('Zoom level', editorLimits.zoomMin, editorLimits.zoomMax);
/**
 * PUT /api/organizations/{id}: the organization's default zoom, the time zone of its first site (issue 28: for clients
 * that know one zone per organization, as the spec does), or both.
 */
export const updateOrganizationSettingsSchema = z
  .strictObject({
    defaultZoomLevel: zoomLevelSchema.optional(),
    timeZone: z
      .string({ error: organizationMessages.timeZone })
      .refine(isTimeZone, organizationMessages.timeZone)
      .optional(),
    /** Issue 29: members (not admins) see no other person's name on bookings. */
    hideNames: z.boolean({ error: 'hideNames must be true or false' }).optional(),
  })
  .refine(
    (value) => value.defaultZoomLevel !== undefined || value.timeZone !== undefined || value.hideNames !== undefined,
    { message: 'Send defaultZoomLevel, timeZone or hideNames' },
  );
export type OrganizationSettingsInput = z.infer<typeof updateOrganizationSettingsSchema>;

/** PUT /api/floors/{floorId}: a new name (the rules of floor creation), a default zoom, another site, or several. */
export const updateFloorSchema = z
  .strictObject({
    name: floorNameSchema.optional(),
    defaultZoomLevel: zoomLevelSchema.optional(),
    siteId: floorSiteId,
  })
  .refine((value) => value.name !== undefined || value.defaultZoomLevel !== undefined || value.siteId !== undefined, {
    message: 'Send name, defaultZoomLevel or siteId',
  });
export type UpdateFloorInput = z.infer<typeof updateFloorSchema>;

export const createDeskSchema = z.strictObject({
  name: deskName,
  description: deskDescription.optional(),
  positionX: position('Position X'),
  positionY: position('Position Y'),
  width: size('Width', canvasSize.width).optional(),
  height: size('Height', canvasSize.height).optional(),
  rotation: rotation.optional(),
  floorId: z.string({ error: floorPlanMessages.selectFloorFirst }).min(1, floorPlanMessages.selectFloorFirst),
});
export type CreateDeskInput = z.infer<typeof createDeskSchema>;

/** The properties of a desk an admin may change besides its place: all optional, each checked on its own. */
const deskPropertyFields = {
  amenities: deskAmenitiesSchema.optional(),
  bookable: z.boolean({ error: 'bookable must be true or false' }).optional(),
  unavailableReason: unavailableReason.optional(),
};
const geometryFields = {
  positionX: position('Position X').optional(),
  positionY: position('Position Y').optional(),
  rotation: rotation.optional(),
};
const bothCoordinates = (value: { positionX?: number; positionY?: number }) =>
  (value.positionX === undefined) === (value.positionY === undefined);
const changesSomething = (value: Record<string, unknown>) =>
  Object.entries(value).some(([key, item]) => key !== 'id' && item !== undefined);

/**
 * PUT /api/desks/{deskId}: a move sends both coordinates, a rotation the angle; the properties (issue 15) go alone
 * or together with them. A blank description or reason is none; the reason is kept only while the desk is not bookable.
 */
export const updateDeskSchema = z
  .strictObject({
    name: deskName.optional(),
    description: deskDescription
      .nullable()
      .transform((value) => (value ? value : null))
      .optional(),
    ...deskPropertyFields,
    ...geometryFields,
  })
  .refine(bothCoordinates, { message: 'Send positionX and positionY together' })
  .refine(changesSomething, {
    message: 'Send what to change: name, description, amenities, bookable, unavailableReason, a position or a rotation',
  });
export type UpdateDeskInput = z.infer<typeof updateDeskSchema>;

/**
 * The desk properties form (issue 15): one desk's name as deskNameSchema checks it (several desks show no name), the
 * description and the out-of-service reason as typed (blank is none), bookable on, off or left mixed across them.
 */
export function deskPropertiesFormSchema({ isNamed }: { isNamed: boolean }) {
  const blankIsNone = z.string().transform((value) => value.trim() || null);
  return z.object({
    name: isNamed ? deskNameSchema : z.string(),
    description: blankIsNone,
    bookable: z.union([z.boolean(), z.literal('mixed')]),
    unavailableReason: blankIsNone,
  });
}

/** The most desks one batch request may name: a floor of the benchmarks has 2,000. */
export const maxDesksPerBatch = 5000;

const batchUpdateSchema = z
  .strictObject({ id: z.string({ error: 'Each desk needs its id' }), ...deskPropertyFields, ...geometryFields })
  .refine(bothCoordinates, { message: 'Send positionX and positionY together' })
  .refine(changesSomething, { message: 'Each desk to update needs something to change' });

const hasNoRepeats = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * POST /api/floors/{floorId}/desks/batch: several desks of one floor changed and deleted in one transaction, all or
 * nothing (a group move, a multi-selection's amenities, a multi-delete). Names stay one desk at a time (PUT).
 */
export const deskBatchSchema = z
  .strictObject({
    update: z
      .array(batchUpdateSchema, { error: 'update must be a list of desks' })
      .max(maxDesksPerBatch, `At most ${maxDesksPerBatch} desks can be updated at once`)
      .default([]),
    delete: z
      .array(z.string({ error: 'delete must be a list of desk ids' }), { error: 'delete must be a list of desk ids' })
      .max(maxDesksPerBatch, `At most ${maxDesksPerBatch} desks can be deleted at once`)
      .default([]),
  })
  .refine((value) => value.update.length + value.delete.length > 0, {
    message: 'Send at least one desk to update or delete',
  })
  .refine((value) => hasNoRepeats(value.update.map((item) => item.id)), {
    message: 'A desk appears twice in update',
    path: ['update'],
  })
  .refine((value) => hasNoRepeats(value.delete), { message: 'A desk appears twice in delete', path: ['delete'] })
  .refine((value) => !value.update.some((item) => value.delete.includes(item.id)), {
    message: 'A desk cannot be both updated and deleted',
    path: ['delete'],
  });
export type DeskBatchInput = z.infer<typeof deskBatchSchema>;

// The request bodies as a client sends them: the schemas' input types (geometry goes as numbers or numeric strings,
// spec section 3). The server works with the parsed ones above (CreateDeskInput, UpdateDeskInput, DeskBatchInput...).

/** POST /api/organizations/{id}/floors. */
export type NewFloor = z.input<typeof createFloorSchema>;
/** PUT /api/floors/{floorId}: a new name, a default zoom, or both. */
export type FloorChange = z.input<typeof updateFloorSchema>;
/** POST /api/organizations/{id}/desks. */
export type NewDesk = z.input<typeof createDeskSchema>;

type DeskUpdate = z.input<typeof updateDeskSchema>;
/** PUT /api/desks/{deskId} from the editor: a move sends both coordinates (and the angle when it turned), a turn the angle. */
export type DeskChange =
  | (Required<Pick<DeskUpdate, 'positionX' | 'positionY'>> & Pick<DeskUpdate, 'rotation'>)
  | Required<Pick<DeskUpdate, 'rotation'>>;
/** PUT /api/desks/{deskId} from Desk properties (issue 15); a field left out stays as it is. */
export type DeskProperties = Pick<DeskUpdate, 'name' | 'description' | 'amenities' | 'bookable' | 'unavailableReason'>;
/** One desk's part of POST /api/floors/{floorId}/desks/batch: its id and what to change. */
export type DeskBatchUpdate = z.input<typeof batchUpdateSchema>;
/** POST /api/floors/{floorId}/desks/batch. */
export type DeskBatch = z.input<typeof deskBatchSchema>;

/**
 * The bytes `value` takes as JSON with no spaces, each non-ASCII character escaped as \uXXXX (six bytes for one UTF-16
 * unit, as a writer that escapes non-ASCII text makes it): the most any compact JSON writer spends on it.
 */
export function maxCompactJsonBytes(value: unknown): number {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, '\\uXXXX').length;
}

/** Text at a limit, in characters JSON spends most on (distinct ones for each `index`: amenity tags may not repeat). */
const widestText = (length: number, index = 0) => String.fromCharCode(0x4e00 + index).repeat(length);
/** The longest text JavaScript writes for a number (25 characters), sent as a numeric string as the schema allows. */
const longestNumber = '-0.0000012345678901234567';

/**
 * The largest update a batch may carry, each field at its limit in the schemas above: a desk id (a uuid: any other
 * answers 404), a position and a rotation in their longest form, the most amenities of the longest tags, not bookable
 * with the longest reason. A test holds it to deskBatchSchema.
 */
export const largestDeskBatchUpdate = {
  id: '00000000-0000-0000-0000-000000000000',
  positionX: longestNumber,
  positionY: longestNumber,
  rotation: longestNumber,
  amenities: Array.from({ length: amenityLimits.perDesk }, (_, index) => widestText(amenityLimits.tagLength, index)),
  bookable: false,
  unavailableReason: widestText(unavailableReasonLimit),
};

/**
 * POST /api/floors/{floorId}/desks/batch's own body limit, in bytes: the most desks it takes ({@link maxDesksPerBatch}
 * updated and as many deleted), each update the largest there is, in compact JSON. Every other request keeps the
 * server's 64 KiB, which stops a batch at about 800 moves or 1,700 deletions.
 */
export const deskBatchBodyLimit =
  maxCompactJsonBytes({ update: [], delete: [] }) +
  maxDesksPerBatch * (maxCompactJsonBytes(largestDeskBatchUpdate) + 1) +
  maxDesksPerBatch * (maxCompactJsonBytes(largestDeskBatchUpdate.id) + 1);

export const deskBatchMessages = {
  tooLarge: `The batch is too large: one request may update ${maxDesksPerBatch.toLocaleString('en')} desks and delete as many, in at most ${deskBatchBodyLimit.toLocaleString('en')} bytes. Send the rest in another request.`,
};

/** The client sends the location it uploaded to; the spec spells the field floorPlanURL. */
export const floorPlanLocationSchema = z.strictObject({
  floorPlanURL: z.string({ error: 'floorPlanURL is required' }).min(1, 'floorPlanURL is required').max(2000),
});

/** POST /api/objects/upload: where to PUT the image, once, within 15 minutes. */
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

/** PUT /api/objects/upload/{token}: the stored location, for the floor-plan PUT. */
export const uploadedLocationSchema = z.object({ location: z.string() });

/** PUT .../floor-plan: the image the floor (or organization) now shows. */
export const floorPlanSavedSchema = z.object({ message: z.string(), floorPlanUrl: z.string() });
export type FloorPlanSaved = z.infer<typeof floorPlanSavedSchema>;

export const floorSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  /** The site the floor is on: its desks follow that site's clock (issue 28). */
  siteId: z.string(),
  name: z.string(),
  floorPlanUrl: z.string().nullable(),
  defaultZoomLevel: z.number().nullable(),
  createdAt: z.string(),
});
export type FloorView = z.infer<typeof floorSchema>;

/** Geometry goes out as numeric strings, as the spec's client reads it. */
export const deskSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  floorId: z.string(),
  floor: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  /** Tags from the organization's amenity list. */
  amenities: z.array(z.string()),
  /** false: out of service; members see it on the map with unavailableReason and cannot book it. */
  bookable: z.boolean(),
  unavailableReason: z.string().nullable(),
  positionX: z.string(),
  positionY: z.string(),
  width: z.string(),
  height: z.string(),
  rotation: z.string(),
  /** The neighbourhood of its floor it is in (issue 29), or null. */
  neighbourhoodId: z.string().nullable(),
});
export type DeskView = z.infer<typeof deskSchema>;

/** GET /api/organizations/{id}/desks and /api/floors/{floorId}/desks. */
export const deskListSchema = z.array(deskSchema);

/** POST /api/floors/{floorId}/desks/batch: the desks as they now are, and the ids deleted. */
export const deskBatchResultSchema = z.object({ updated: deskListSchema, deleted: z.array(z.string()) });
export type DeskBatchResult = z.infer<typeof deskBatchResultSchema>;

/** GET /api/floors/{floorId}/deletion-consequences: what deleting the floor takes with it, for its confirmation. */
export const floorDeletionConsequencesSchema = z.object({
  floorName: z.string(),
  desks: z.number().int(),
  /** Active bookings of its desks from the organization's today on, and active permanent ones. */
  upcomingBookings: z.number().int(),
  /** The organization's only floor: an empty 'Floor 1' takes its place, as for an organization with none. */
  isLastFloor: z.boolean(),
});
export type FloorDeletionConsequences = z.infer<typeof floorDeletionConsequencesSchema>;

/** DELETE /api/floors/{floorId}. */
export const floorDeletedSchema = z.object({
  message: z.string(),
  deletedDesks: z.number().int(),
  cancelledBookings: z.number().int(),
  /** The empty floor that replaced the organization's last one, else null. */
  replacementFloor: floorSchema.nullable(),
});
export type FloorDeleted = z.infer<typeof floorDeletedSchema>;

/** What Delete floor asks before it goes ahead. */
export function floorDeletionQuestion(consequences: FloorDeletionConsequences): string {
  const count = (value: number, word: string) => `${value} ${word}${value === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (consequences.desks > 0) parts.push(`Its ${count(consequences.desks, 'desk')}`);
  if (consequences.upcomingBookings > 0) {
    parts.push(`${parts.length ? '' : 'Its '}${count(consequences.upcomingBookings, 'upcoming booking')}`);
  }
  const removed =
    parts.length === 0
      ? 'It has no desks.'
      : `${parts.join(' and ')} will be removed${consequences.upcomingBookings > 0 ? ', and the people who made them will be told by e-mail' : ''}.`;
  const last = consequences.isLastFloor
    ? ` It is the only floor, so an empty ${defaultFloorName} will take its place.`
    : '';
  return `${removed}${last}`;
}

/** DELETE /api/organizations/{id}/desks: 0 when there were none. */
export const deletedDesksSchema = z.object({ message: z.string(), deletedCount: z.number() });
export type DeletedDesks = z.infer<typeof deletedDesksSchema>;
