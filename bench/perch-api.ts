// Perch's API as the benchmarks that set up through it (floor-seed.ts, lighthouse.ts) call it: a person signed up
// and their organization made over HTTP, as the browser would.

export interface Floor {
  id: string;
  name: string;
}

export interface BenchOrganization {
  id: string;
  role: string;
  timeZone: string;
}

export type BenchClient = ReturnType<typeof benchClient>;

/** A tiny HTTP client that keeps the session cookie and says the request comes from the app's own origin. */
export function benchClient(baseUrl: string, initialCookie?: string) {
  let cookie = initialCookie ?? '';
  return {
    get cookie() {
      return cookie;
    },
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          origin: new URL(baseUrl).origin,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = response.headers.getSetCookie?.() ?? [];
      if (setCookie.length > 0) cookie = setCookie.map((item) => item.split(';')[0]).join('; ');
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Signs `account` up on `api` (which keeps the session) and makes `organization`, of which they are the admin. */
export async function signUpWithOrganization(
  api: BenchClient,
  account: { email: string; password: string; firstName: string; lastName: string },
  organization: { name: string; slug: string },
): Promise<{ id: string }> {
  await api.call('POST', '/api/register', account);
  return api.call<{ id: string }>('POST', '/api/organizations', organization);
}
