import type { Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressKindOf, describeAddressKind, isAllowedAddress } from './address-ranges.ts';
import { findAddresses } from './dns.ts';

// The one way Perch fetches an address someone outside typed (architecture, "Addresses we fetch"; decision 022): the
// host is resolved with Perch's resolver (DNS_SERVERS) and every address it has is checked; the request connects to
// the checked address itself, so a second DNS answer cannot send it elsewhere; a redirect is an error, not followed;
// the whole exchange has one time limit and the body one size limit, counted as it streams in. Every way of not
// getting an answer (refused, reset, silent, TLS failure, too slow) is one error with one sentence, given at the time
// limit, so that how long a refusal took says nothing about what listens behind an address.

export interface OutboundNetwork {
  resolver: Resolver;
  /**
   * Perch itself runs on a loopback address (tried on one's own machine, or under test): loopback addresses, and
   * plain http to them, are allowed too. Never private, link-local or reserved ones.
   */
  allowsLoopback: boolean;
}

export interface OutboundLimits {
  /** For everything: resolving, connecting, and the whole answer. */
  timeoutMs: number;
  maxBytes: number;
}

export const outboundLimits: OutboundLimits = { timeoutMs: 5000, maxBytes: 256 * 1024 };

export type OutboundProblem = 'url' | 'address' | 'unresolved' | 'unreachable' | 'redirect' | 'too-large';

/** Why an outside address was not fetched, in a sentence for the person who typed it. */
export class OutboundFetchError extends Error {
  override readonly name = 'OutboundFetchError';
  readonly problem: OutboundProblem;

  constructor(problem: OutboundProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** The request as openid-client's customFetch (and fetch) describe it; bodies are small forms or nothing. */
export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: ArrayBuffer | ReadableStream | string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal;
  redirect?: string;
}

export type OutboundFetch = (url: string, request?: OutboundRequest) => Promise<Response>;

export interface CheckedUrl {
  url: URL;
  /** The host as the request names it (Host header, TLS server name): without an IPv6 literal's brackets. */
  host: string;
  address: string;
  family: 4 | 6;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

/** The URL's own rules, before any DNS: a sentence when it breaks one. */
export function urlProblemOf(input: string, allowsLoopback: boolean): string | undefined {
  const url = URL.parse(input);
  const allowed = allowsLoopback ? 'https:// (or http:// to this machine)' : 'https://';
  if (!url || (url.protocol !== 'https:' && !(allowsLoopback && url.protocol === 'http:'))) {
    return `Only absolute addresses that start with ${allowed} are fetched.`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'An address with a user name or password in it is not fetched.';
  }
  return undefined;
}

/**
 * Resolves the URL's host and checks every address it has (all must be allowed; plain http must lead to loopback);
 * answers the one to connect to. Throws an OutboundFetchError with a sentence otherwise.
 */
export async function checkOutboundUrl(
  input: string,
  network: OutboundNetwork,
  deadline = performance.now() + outboundLimits.timeoutMs,
): Promise<CheckedUrl> {
  const problem = urlProblemOf(input, network.allowsLoopback);
  if (problem) throw new OutboundFetchError('url', problem);
  const url = new URL(input);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await addressesOf(host, network.resolver, deadline);
  if (addresses.length === 0) throw new OutboundFetchError('unresolved', `No address was found for ${host}.`);
  const refused = addresses.find((address) => !isAllowedAddress(address, network.allowsLoopback));
  if (refused) {
    const kind = describeAddressKind(addressKindOf(refused));
    const leads = refused === host ? `${host} is an address` : `${host} leads to ${refused}, an address`;
    throw new OutboundFetchError('address', `${leads} ${kind}, which Perch does not connect to.`);
  }
  if (url.protocol === 'http:' && addresses.some((address) => addressKindOf(address) !== 'loopback')) {
    throw new OutboundFetchError('url', `Plain http is only for this machine: ${host} must be reached with https://.`);
  }
  const address = addresses[0] as string;
  return { url, host, address, family: isIP(address) === 6 ? 6 : 4 };
}

async function addressesOf(host: string, resolver: Resolver, deadline: number): Promise<string[]> {
  if (isIP(host)) return [host];
  // Names under localhost are this machine's (RFC 6761), whatever a DNS server says.
  if (host === 'localhost' || host.endsWith('.localhost')) return ['127.0.0.1'];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS took too long')), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([findAddresses(resolver, host), late]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

export interface OutboundOptions extends Partial<OutboundLimits> {
  /** Told the size of each body received, for whoever keeps what was fetched (a cache bounded by bytes). */
  onBody?: (bytes: number, url: string) => void;
}

/** A fetch for outside addresses, for openid-client's customFetch and anything else Perch fetches for someone. */
export function createOutboundFetch(network: OutboundNetwork, options: OutboundOptions = {}): OutboundFetch {
  const { onBody, ...limits } = options;
  const bounds = { ...outboundLimits, ...limits };
  return async (input, request = {}) => {
    const deadline = performance.now() + bounds.timeoutMs;
    try {
      const target = await checkOutboundUrl(String(input), network, deadline);
      const { response, bytes } = await exchange(target, request, bounds, deadline);
      onBody?.(bytes, target.url.href);
      return response;
    } catch (error) {
      // Refused at once or silent until the limit: both are answered at the limit, in the same words.
      if (error instanceof OutboundFetchError && error.problem === 'unreachable') await sleepUntil(deadline);
      throw error;
    }
  };
}

const sleepUntil = (deadline: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));

function exchange(
  target: CheckedUrl,
  request: OutboundRequest,
  limits: OutboundLimits,
  deadline: number,
): Promise<{ response: Response; bytes: number }> {
  const body = bodyOf(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body instanceof URLSearchParams && !hasHeader(headers, 'content-type')) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  if (body) headers['content-length'] = String(body.length);

  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = () => {
      isSettled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', giveUp);
    };
    const fail = (problem: OutboundProblem, message: string) => {
      if (isSettled) return;
      settle();
      outgoing.destroy();
      reject(new OutboundFetchError(problem, message));
    };
    const giveUp = () => fail('unreachable', `No complete answer came within ${limits.timeoutMs / 1000} seconds.`);
    const tooLarge = () =>
      fail('too-large', `The answer was larger than ${kib(limits.maxBytes)}, more than Perch reads.`);

    // The checked address, whatever the name resolves to by now; the name stays for Host, SNI and the certificate.
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const outgoing = transport.request({
      host: target.host,
      port: target.url.port || undefined,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method ?? 'GET',
      headers,
      lookup,
      family: target.family,
      agent: false,
    });
    const timer = setTimeout(giveUp, Math.max(0, deadline - performance.now()));
    request.signal?.addEventListener('abort', giveUp, { once: true });
    if (request.signal?.aborted) giveUp();
    outgoing.on('error', giveUp);
    outgoing.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (status >= 300 && status < 400)
        return fail('redirect', 'The answer was a redirect, which Perch does not follow.');
      if (status < 200 || status > 599) return giveUp();
      if (Number(incoming.headers['content-length']) > limits.maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let received = 0;
      incoming.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limits.maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      incoming.on('error', giveUp);
      incoming.on('close', () => {
        if (!incoming.complete) giveUp();
      });
      incoming.on('end', () => {
        if (isSettled) return;
        settle();
        try {
          resolve({ response: responseOf(status, incoming, Buffer.concat(chunks)), bytes: received });
        } catch {
          reject(new OutboundFetchError('unreachable', 'The answer could not be read.'));
        }
      });
    });
    outgoing.end(body);
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function bodyOf(body: OutboundRequest['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError('outbound requests send a string, a form or bytes, not a stream');
}

function responseOf(status: number, incoming: http.IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
  }
  const hasNoBody = status === 204 || status === 205 || status === 304;
  return new Response(hasNoBody ? null : new Uint8Array(body), {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  });
}
