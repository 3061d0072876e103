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

/**
 * Letters that carry their mark inside them, so that Unicode decomposition (NFD) does not split it off: folded by
 * hand to what a keyboard without them types. A short list of Latin letters seen in names, not a transliteration.
 */
const undecomposedLetters: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const undecomposedPattern = new RegExp(`[${Object.keys(undecomposedLetters).join('')}]`, 'gu');
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point
const nonAscii = /[^\u0000-\u007f]/;

/**
 * Text as every search compares it (desks, people): lower case first (so that "İ" becomes "i" plus a mark), then
 * decomposed and stripped of combining marks, then the letters that do not decompose mapped by hand. Plain ASCII,
 * most desk names, only goes to lower case: the desk list folds 2,000 names per render.
 */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase();
  if (!nonAscii.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(undecomposedPattern, (letter) => undecomposedLetters[letter] ?? letter);
}

/** The words of a query, folded; none for an empty or blank one. */
export function searchWordsOf(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}
