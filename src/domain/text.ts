// C0 and C1 control characters (NUL, escape, ...) have no place in a name and PostgreSQL refuses NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

export function hasNoControlCharacters(value: string): boolean {
  return !controlCharacters.test(value);
}

/** Names as a sentence lists them: "a", "a and b", "a, b and c". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
