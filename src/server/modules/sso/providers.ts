import { LRUCache } from 'lru-cache';
import type { Configuration } from 'openid-client';
import { type AppContext, perApp } from '#server/context.ts';
import { resolverOf } from '#server/net/dns.ts';
import { discoveredBytesOf, discoverProvider } from './provider-client.ts';

import * as repo from './repo.ts';
import { decryptSecret, ssoKeyOf } from './secret-box.ts';

/** How Perch reaches providers: its DNS, and loopback addresses only while Perch itself runs on one (tried locally). */
export const outboundNetworkOf = (context: AppContext) => ({
  resolver: resolverOf(context),
  allowsLoopback: context.config.isLoopback,
});

/** Reads and checks a provider's discovery document over Perch's outbound network rules (422 with a sentence). */
export function discoverWith(
  context: AppContext,
  provider: { issuer: string; clientId: string; clientSecret: string },
) {
  return discoverProvider({ ...provider, network: outboundNetworkOf(context) });
}

const cacheBytes = 16 * 1024 * 1024;

/**
 * The providers' discovered configurations (their endpoints, and the signing keys openid-client fetches and keeps
 * on them), by organization and connection: a sign-in's start and its callback, and everyone signing in after, share
 * one discovery instead of reading the provider's documents again for each. Ten minutes, so that a provider's new
 * endpoints or keys are seen; a saved change of the connection is a new key at once. Bounded by the bytes the
 * providers sent (each document is capped by provider-client), not only by count; discoveries under way are shared
 * so that a rush of sign-ins reads a provider once.
 */
const providers = perApp(() => ({
  discovered: new LRUCache<string, Configuration>({
    maxSize: cacheBytes,
    sizeCalculation: (config) => Math.max(1, discoveredBytesOf(config)),
    ttl: 10 * 60_000,
  }),
  underWay: new Map<string, Promise<Configuration>>(),
}));

export interface Provider {
  connection: repo.SsoConnection;
  config: Configuration;
}

/**
 * The organization's provider, discovered (or as discovered lately), or undefined when it has no connection or the
 * key in force cannot decrypt its secret. A discovery that fails is thrown, and not kept.
 */
export async function providerOf(context: AppContext, organizationId: string): Promise<Provider | undefined> {
  const connection = await repo.findConnection(context.db, organizationId);
  const key = ssoKeyOf(context);
  if (!connection || !key) return undefined;
  const clientSecret = decryptSecret(key, organizationId, connection.clientSecretEncrypted);
  if (!clientSecret) {
    context.log.warn({ organizationId }, 'single sign-on: the client secret does not decrypt with the key in force');
    return undefined;
  }
  const { discovered, underWay } = providers(context);
  const cacheKey = [organizationId, connection.issuer, connection.clientId, connection.updatedAt.toISOString()].join(
    '|',
  );
  const cached = discovered.get(cacheKey);
  if (cached) return { connection, config: cached };
  let discovery = underWay.get(cacheKey);
  if (!discovery) {
    discovery = discoverWith(context, { issuer: connection.issuer, clientId: connection.clientId, clientSecret });
    underWay.set(cacheKey, discovery);
    discovery.then(
      (config) => {
        underWay.delete(cacheKey);
        discovered.set(cacheKey, config);
      },
      () => underWay.delete(cacheKey),
    );
  }
  return { connection, config: await discovery };
}
