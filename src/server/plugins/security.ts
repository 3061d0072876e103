import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

/** No inline script; images and uploads may also use the object store's own origin (an S3 bucket). */
export function contentSecurityPolicy(objectStoreOrigin?: string): string {
  const store = objectStoreOrigin ? ` ${objectStoreOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${store}`,
    "font-src 'self'",
    `connect-src 'self'${store}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The browser says the request was started by another site (a link, a form, a script there). */
export function isCrossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Security headers on every answer, and refusal of state changes that come from another origin. The only
 * trusted origin is PUBLIC_URL's: the request's own Host is the client's to choose (DNS rebinding), so it
 * never counts.
 */
export function registerSecurity(app: FastifyInstance, config: Config, objectStoreOrigin?: string): void {
  const policy = contentSecurityPolicy(objectStoreOrigin);
  const trustedOrigins = new Set([new URL(config.publicUrl).origin]);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers({
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
    if (isSecureRequest(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');

    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!trustedOrigins.has(origin)) throw forbidden('Cross-origin requests are not allowed.');
      return;
    }
    if (isCrossSite(request)) {
      throw forbidden('Cross-origin requests are not allowed.');
    }
  });
}
