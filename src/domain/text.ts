// C0 and C1 control characters (NUL, escape, ...) have no place in a name and PostgreSQL refuses NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

export function hasNoControlCharacters(value: string): boolean {
  return !controlCharacters.test(value);
}
