const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from paths and bodies; anything that is not a uuid cannot name a row and answers 404 like a missing one. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
