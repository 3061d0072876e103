import { Resolver } from 'node:dns/promises';
import { type AppContext, perApp } from '#server/context.ts';

// The one place Perch asks DNS: the servers come from DNS_SERVERS (tests run a DNS server on loopback), otherwise the
// system's. Each question is bounded in time: a slow or silent DNS server is an answer of nothing, never a hang.

const timeoutMs = 2000;

export const resolverOf = perApp((context: AppContext) => {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (context.config.dnsServers) resolver.setServers(context.config.dnsServers);
  return resolver;
});

/** The name's TXT records, each joined from its strings; none when the name or the records do not exist. */
export async function findTxtRecords(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    if (isNoAnswer(error)) return [];
    throw error;
  }
}

/** The name's IPv4 and IPv6 addresses; none when it has none. */
export async function findAddresses(resolver: Resolver, name: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([
    resolver.resolve4(name).catch(noAnswerIsNone),
    resolver.resolve6(name).catch(noAnswerIsNone),
  ]);
  return [...v4, ...v6];
}

const noAnswerCodes = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

function isNoAnswer(error: unknown): boolean {
  return noAnswerCodes.has(String((error as { code?: unknown }).code));
}

function noAnswerIsNone(error: unknown): string[] {
  if (isNoAnswer(error)) return [];
  throw error;
}
