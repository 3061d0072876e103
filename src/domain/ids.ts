import { z } from './zod.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from paths and bodies; anything that is not a uuid cannot name a row and answers 404 like a missing one. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * The longest path parameter that reaches a route: the router (Fastify's maxParamLength) refuses a longer one with 414
 * before any route runs.
 */
export const maxPathParameterLength = 100;

/**
 * An id in a path. Every id Perch makes is a uuid (36 characters); anything else that reaches a route goes on to the
 * service, which answers 404 as for an id it cannot find, so that another tenant's id, a made-up one and a malformed
 * one all get the same answer (server contract: 404 for what the caller may not see).
 */
export const idSchema = z
  .string()
  .max(maxPathParameterLength, `Not a Perch id: ids are at most ${maxPathParameterLength} characters long`);

/** The path parameters of a route that names objects by id: `idParams('id', 'userId')` for /…/:id/members/:userId. */
export function idParams<Name extends string>(...names: Name[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, idSchema])) as Record<Name, typeof idSchema>);
}

/** /api/organizations/:id/… */
export const organizationParams = idParams('id');
/** /api/floors/:floorId/… */
export const floorParams = idParams('floorId');
/** /api/sites/:siteId/… */
export const siteParams = idParams('siteId');
/** /api/desks/:deskId/… */
export const deskParams = idParams('deskId');
/** /api/organizations/:id/members/:userId/… */
export const memberParams = idParams('id', 'userId');
