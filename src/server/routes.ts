import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CachedJsonBody } from './cached-body.ts';
import type { AppContext } from './context.ts';
import type { UserRow } from './modules/accounts/user-row.ts';
import type { ApiTag } from './openapi/api-tags.ts';
import { requireUser } from './plugins/session.ts';

/** A Fastify instance (or plugin scope) that validates and serializes with zod, as every route module gets. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
/** An answer that is not JSON (a CSV file, an image, an event stream): documented by its media types only. */
interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}
/**
 * What a handler returns: the body of its success answer; or that body's JSON as a cache keeps it, sent as it is
 * (the schema documents it, the tests parse it); or the reply, once the handler has answered itself.
 */
type Answer<R> = R extends z.ZodType ? z.output<R> | CachedJsonBody | FastifyReply : unknown;

/** What a handler is given: the request's parsed parts, the signed-in user, and the request and reply themselves. */
export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema, H extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  headers: Parsed<H>;
  /** The signed-in user (a public operation that reads it answers 401 when nobody is signed in). */
  readonly user: UserRow;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One operation of the API: its documentation (the group, a one-sentence summary and a description), the schemas
 * of what it takes, and the schema of its success answer. Only a signed-in user may call it unless it is public. The
 * handler parses nothing and returns the answer's body.
 */
export interface Operation<P extends Schema, Q extends Schema, B extends Schema, H extends Schema, R> {
  /** The reference's group, when it is not the module's. */
  tag?: ApiTag;
  /** Open to anyone: no session needed (else 401 without one, before the handler runs). */
  public?: true;
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
  /** The success answer, sent with `status`. */
  response?: R;
  /** 200 unless said otherwise. */
  status?: 200 | 201 | 204 | 302 | 303;
  /** Instead of `response`, when an operation has several answers besides errors (201 or 202, 200 or 304...). */
  responses?: Record<number, z.ZodType | FileAnswer>;
  /** Fastify's options beyond the schema: a body limit, hooks, a serializer of its own. */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  handle(input: RouteInput<P, Q, B, H>): Answer<R> | Promise<Answer<R>>;
}

type Register = <
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  H extends Schema = undefined,
  R extends z.ZodType | FileAnswer | undefined = undefined,
>(
  url: string,
  operation: Operation<P, Q, B, H, R>,
) => void;

/** `route.get(url, operation)` and its siblings. */
export type Routes = Record<'get' | 'post' | 'put' | 'patch' | 'delete', Register>;

/**
 * The routes of one plugin scope, in the reference group `tag`: each operation is registered with its documentation
 * for the OpenAPI document and the route list the security suites read (decision 008).
 */
export function routesOf(app: ZodApp, tag: ApiTag): Routes {
  const register =
    (method: HTTPMethods): Register =>
    (url, operation) => {
      const { summary, description, params, querystring, body, headers, status = 200, options, handle } = operation;
      const schema: FastifySchema = {
        tags: [operation.tag ?? tag],
        summary,
        ...(description === undefined ? {} : { description }),
        ...(params === undefined ? {} : { params }),
        ...(querystring === undefined ? {} : { querystring }),
        ...(body === undefined ? {} : { body }),
        ...(headers === undefined ? {} : { headers }),
        response: operation.responses ?? { [status]: operation.response },
      };
      app.route({
        ...options,
        method,
        url,
        schema,
        handler: async (request, reply) => {
          const signedIn = operation.public ? undefined : requireUser(request);
          const answer = await handle({
            params: request.params,
            query: request.query,
            body: request.body,
            headers: request.headers,
            get user() {
              return signedIn ?? requireUser(request);
            },
            request,
            reply,
          } as Parameters<typeof handle>[0]);
          if (answer instanceof CachedJsonBody) return answer.send(request, reply);
          if (answer !== reply && status !== 200) reply.status(status);
          return answer;
        },
      });
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}

interface RouteModule {
  /** The reference's group of its operations. */
  tag: ApiTag;
  /** Signed out is 401 before any input is looked at (else after the request was found well formed). */
  signInFirst?: true;
}

/**
 * A route module: `routeModule('Team', (route, context) => { route.get(...) })` is the plugin app.ts registers with
 * the app's context. `app` is there for what is not an operation (hooks, content parsers, a scope of its own).
 */
export function routeModule(
  module: ApiTag | RouteModule,
  declare: (route: Routes, context: AppContext, app: ZodApp) => void | Promise<void>,
): (context: AppContext) => FastifyPluginAsyncZod {
  const { tag, signInFirst } = typeof module === 'string' ? { tag: module, signInFirst: undefined } : module;
  return (context) => async (app) => {
    if (signInFirst) {
      app.addHook('onRequest', async (request) => {
        requireUser(request);
      });
    }
    await declare(routesOf(app, tag), context, app);
  };
}
