import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

/** Spec section 9, floor plan constants. */
export const canvasSize = { width: 1920, height: 1080 } as const;
export const viewportHeight = 1200;
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

const deskName = z
  .string({ error: 'Desk name is required' })
  .trim()
  .min(1, 'Desk name is required')
  .max(50, 'Desk name must be at most 50 characters')
  .refine(hasNoControlCharacters, 'Desk name contains characters that are not allowed');

export const floorNameSchema = z
  .string({ error: 'Floor name is required' })
  .trim()
  .min(1, 'Floor name is required')
  .max(100, 'Floor name must be at most 100 characters')
  .refine(hasNoControlCharacters, 'Floor name contains characters that are not allowed');

export const createFloorSchema = z.strictObject({ name: floorNameSchema });

export const zoomLevelSchema = numeric('Zoom level', editorLimits.zoomMin, editorLimits.zoomMax);
export const updateDefaultZoomSchema = z.strictObject({ defaultZoomLevel: zoomLevelSchema });

export const createDeskSchema = z.strictObject({
  name: deskName,
  description: z.string().trim().max(200, 'Description must be at most 200 characters').optional(),
  positionX: position('Position X'),
  positionY: position('Position Y'),
  width: size('Width', canvasSize.width).optional(),
  height: size('Height', canvasSize.height).optional(),
  rotation: rotation.optional(),
  floorId: z.string({ error: floorPlanMessages.selectFloorFirst }).min(1, floorPlanMessages.selectFloorFirst),
});
export type CreateDeskInput = z.infer<typeof createDeskSchema>;

/** A move sends both coordinates; a rotation sends the angle; one request may do both. */
export const updateDeskSchema = z
  .strictObject({
    positionX: position('Position X').optional(),
    positionY: position('Position Y').optional(),
    rotation: rotation.optional(),
  })
  .refine((value) => (value.positionX === undefined) === (value.positionY === undefined), {
    message: 'Send positionX and positionY together',
  })
  .refine((value) => value.positionX !== undefined || value.rotation !== undefined, {
    message: 'Send positionX and positionY, or rotation',
  });
export type UpdateDeskInput = z.infer<typeof updateDeskSchema>;

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
  positionX: z.string(),
  positionY: z.string(),
  width: z.string(),
  height: z.string(),
  rotation: z.string(),
});
export type DeskView = z.infer<typeof deskSchema>;

/** GET /api/organizations/{id}/desks and /api/floors/{floorId}/desks. */
export const deskListSchema = z.array(deskSchema);

/** DELETE /api/organizations/{id}/desks: 0 when there were none. */
export const deletedDesksSchema = z.object({ message: z.string(), deletedCount: z.number() });
export type DeletedDesks = z.infer<typeof deletedDesksSchema>;
