import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoPendingLink } from '#domain/sso.ts';
import { apiRequest } from '#web/app/api.ts';

// A single sign-on refused as 'account-not-linked' waits ten minutes in this browser for the account's owner, who may
// link it after signing in with their own password or passkey (decision 023). /auth remembers, for this tab, that one
// may be waiting, so that the question is asked once the person is signed in, and never otherwise.

const offerKey = 'perch-sso-link-offer';

export function rememberSsoLinkOffer(): void {
  sessionStorage.setItem(offerKey, String(Date.now()));
}

export function forgetSsoLinkOffer(): void {
  sessionStorage.removeItem(offerKey);
}

/** Whether /auth said, within the ten minutes a link waits, that one may be waiting. */
export function hasSsoLinkOffer(): boolean {
  const since = Number(sessionStorage.getItem(offerKey) ?? Number.NaN);
  return Number.isFinite(since) && Date.now() - since < 10 * 60_000;
}

/** GET /api/sso/pending-link: the organization, its provider's host and the address a link waits for; 404 if none. */
export const pendingSsoLinkQuery = () =>
  queryOptions<SsoPendingLink>({
    queryKey: ['/api/sso/pending-link'],
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePendingSsoLink(isOffered: boolean) {
  return useQuery({ ...pendingSsoLinkQuery(), enabled: isOffered });
}

/** POST /api/sso/pending-link: only from a session opened with the account's own password or passkey. */
export function useLinkPendingSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/sso/pending-link'),
    onSettled: () => queryClient.removeQueries({ queryKey: pendingSsoLinkQuery().queryKey }),
  });
}
