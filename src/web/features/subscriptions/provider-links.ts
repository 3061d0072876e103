/** A link of the payment provider's answers: the browser follows the one whose rel is 'approve'. */
export interface ProviderLink {
  rel: string;
  href: string;
  method?: string;
}

export function approveLink(links: readonly ProviderLink[] | undefined): string | null {
  return links?.find((link) => link.rel === 'approve')?.href ?? null;
}
