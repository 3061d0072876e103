import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

/** Issue 15: the amenity tags an organization keeps for its desks, and how many a desk may carry. */
export const amenityLimits = { tagLength: 40, perOrganization: 50, perDesk: 20 } as const;

/** Tags are compared without regard to case: 'Monitor' and 'monitor' are one tag. */
export const amenityKey = (tag: string) => tag.toLocaleLowerCase('en');

export const amenityTagSchema = z
  .string({ error: 'An amenity must be text' })
  .trim()
  .min(1, 'An amenity cannot be blank')
  .max(amenityLimits.tagLength, `An amenity must be at most ${amenityLimits.tagLength} characters`)
  .refine(hasNoControlCharacters, 'An amenity contains characters that are not allowed');

/** The first tag that appears twice (whatever its case), or undefined. */
export function repeatedAmenity(tags: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const tag of tags) {
    const key = amenityKey(tag);
    if (seen.has(key)) return tag;
    seen.add(key);
  }
  return undefined;
}

const distinctTags = (limit: number, tooMany: string) =>
  z
    .array(amenityTagSchema, { error: 'amenities must be a list of tags' })
    .max(limit, tooMany)
    .superRefine((tags, context) => {
      const repeated = repeatedAmenity(tags);
      if (repeated !== undefined) context.addIssue({ code: 'custom', message: `${repeated} is listed twice` });
    });

/** A desk's tags: from its organization's list (checked by the server against it), at most 20, none twice. */
export const deskAmenitiesSchema = distinctTags(
  amenityLimits.perDesk,
  `A desk can have at most ${amenityLimits.perDesk} amenities`,
);

/** PUT /api/organizations/{id}/amenities: the whole list, in the order it is shown. */
export const amenityListInputSchema = z.strictObject({
  amenities: distinctTags(
    amenityLimits.perOrganization,
    `An organization can keep at most ${amenityLimits.perOrganization} amenities`,
  ),
});
export type AmenityListInput = z.infer<typeof amenityListInputSchema>;

/** GET /api/organizations/{id}/amenities. */
export const amenityListSchema = z.object({ amenities: z.array(z.string()) });
export type AmenityList = z.infer<typeof amenityListSchema>;

/** PUT's answer: the list as saved, and how many desks lost a tag that left it. */
export const amenityListSavedSchema = z.object({ amenities: z.array(z.string()), desksChanged: z.number().int() });
export type AmenityListSaved = z.infer<typeof amenityListSavedSchema>;

/**
 * A desk's tags in the organization's spelling, in the list's order; the first tag not on the list is `unknown`.
 * The server stores what this answers, so 'MONITOR' is kept as the list's 'monitor'.
 */
export function matchAmenities(
  wanted: readonly string[],
  list: readonly string[],
): { amenities: string[]; unknown?: string } {
  const byKey = new Map(list.map((tag) => [amenityKey(tag), tag]));
  const chosen = new Set<string>();
  for (const tag of wanted) {
    const known = byKey.get(amenityKey(tag));
    if (known === undefined) return { amenities: [], unknown: tag };
    chosen.add(known);
  }
  return { amenities: list.filter((tag) => chosen.has(tag)) };
}

/** Tags that were on the old list and are not on the new one (case ignored), as the old list spelt them. */
export function removedAmenities(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after.map(amenityKey));
  return before.filter((tag) => !kept.has(amenityKey(tag)));
}

/** The message for a tag that is not on the organization's list. */
export const unknownAmenityMessage = (tag: string) =>
  `${tag} is not one of the organization's amenities. An admin can add it to the list first.`;
