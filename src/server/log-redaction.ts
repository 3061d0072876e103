// What the log keeps of a request's address: never a secret it carries (issue 26), in its path or its query.

/** Paths whose last segment is a secret: reset, confirmation, invitation, upload and calendar feed tokens. */
const tokenPath = /^(\/api\/(?:reset-password|verify-email|invitations|objects\/upload|calendar-feed))\/[^/?]+/;

/**
 * Query parameters that carry a secret: an identity provider's sign-in code and state (and whatever else OpenID
 * Connect may send back), the token of a link in mail (/reset-password, /signup) and a payment provider's return.
 */
const secretParameters = new Set([
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'refresh_token',
  'token',
  'ba_token',
  'client_secret',
]);

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The request's address as the log keeps it: each secret replaced, the names of query parameters kept. */
export function withoutTokens(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(tokenPath, '$1/[token]');
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      if (nameEnd === -1 || !secretParameters.has(parameterName(pair.slice(0, nameEnd)))) return pair;
      return `${pair.slice(0, nameEnd)}=[redacted]`;
    })
    .join('&');
  return `${path}?${query}`;
}
