import type { FastifyInstance, FastifySchema } from 'fastify';

/** A route as it was registered: the tenant-isolation and fuzzing suites are built from this list. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: (FastifySchema & { response?: Record<string, unknown>; hide?: boolean }) | undefined;
}

const catalogs = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts recording every route registered from now on, in any plugin (HEAD twins of GET routes left out). */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url, schema: options.schema as RegisteredRoute['schema'] });
    }
  });
}

/** The routes registered on app, in registration order. */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(catalogs.get(app) ?? [])];
}

/** The browser app's pages and files (static.ts): everything else is the API. */
export function isWebAppRoute(url: string, schema?: { hide?: boolean }): boolean {
  return url === '/' || url === '/*' || schema?.hide === true;
}

/** The API's routes (/api and the payment provider's /paypal): what the OpenAPI document describes and the suites exercise. */
export function listApiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return listRoutes(app).filter((route) => !isWebAppRoute(route.url, route.schema));
}
