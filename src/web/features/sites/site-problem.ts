import { type CreateSiteInput, createSiteSchema } from '#domain/sites.ts';

export type SiteField = keyof CreateSiteInput;
const fieldNames = Object.keys(createSiteSchema.shape) as SiteField[];

/**
 * Where a refused save's sentence belongs: the server names the field after it ("Times must be written as HH:MM, such
 * as 09:00 (dayStart)", "… (workingDays.0)"), so the problem can stand under that field; any other sentence is the
 * whole form's.
 */
export function siteProblemOf(message: string): { field: SiteField | null; message: string } {
  const match = message.match(/^(.+) \((\w+)(?:\.[\w.]+)?\)$/);
  const field = fieldNames.find((name) => name === match?.[2]);
  return field && match?.[1] ? { field, message: match[1] } : { field: null, message };
}
