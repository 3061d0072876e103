import type { ProviderLink } from '#domain/subscription.ts';

/** The link of the payment provider's answer the browser follows to approve a checkout. */
export function approveLink(links: readonly ProviderLink[] | undefined): string | null {
  return links?.find((link) => link.rel === 'approve')?.href ?? null;
}
