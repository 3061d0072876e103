// Where a page that needs a signed-in person sends a visitor who is not (a desk's QR code opens /desk/{deskId} on a
// phone that may never have signed in): to /auth, which comes back to the page afterwards.

export const returnToParameter = 'returnTo';

/** The sign-in address that comes back to `path` afterwards. */
export function signInAddress(path: string): string {
  return `/auth?${new URLSearchParams({ [returnToParameter]: path })}`;
}

/**
 * The page to go back to after signing in, from the address's `returnTo`: a path of this app only ('/desk/…'), never
 * another site ('//evil.example', '/\evil.example', 'https://…'), so that a link cannot send people elsewhere.
 */
export function returnPathFrom(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Control characters and backslashes ('/\\evil.example' reads as '//evil.example' to browsers) never do.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}
