import { createRequire } from 'node:module';

// Domains anyone can get an address at can never be an organization's (issue 26): the email-providers package's list
// (8,700 free and public mail domains, kept up to date by its maintainers), with a few it lacks.
const list = createRequire(import.meta.url)('email-providers/all.json') as string[];
const missing = ['fastmail.com', 'fastmail.fm', 'tutanota.com', 'tutanota.de', 'tuta.io', 'tuta.com', 'pm.me'];
const publicMailDomains = new Set([...list, ...missing].map((domain) => domain.toLowerCase()));

/**
 * Whether anyone can get an address at exactly this domain. Subdomains are not judged by their parent: the list holds
 * a few registry-like names (co.uk's kind) whose subdomains are companies.
 */
export function isPublicMailDomain(domain: string): boolean {
  return publicMailDomains.has(domain.toLowerCase());
}
