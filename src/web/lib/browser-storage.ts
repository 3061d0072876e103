/**
 * The browser's localStorage, or null where there is none or it is switched off (private modes can throw on
 * access): then nothing is remembered, and nothing fails.
 */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
