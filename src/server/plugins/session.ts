import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '#domain/account.ts';
import { type AppContext, perApp } from '../context.ts';
import { unauthorized } from '../errors.ts';
import {
  deleteSession,
  extendSession,
  findSession,
  insertSession,
  type SignInMethod,
} from '../modules/accounts/repo.ts';
import { forgetUserSessions, SessionCache, type SessionView } from '../modules/accounts/session-cache.ts';
import type { UserRow } from '../modules/accounts/user-row.ts';
import { createToken, digestToken } from '../tokens.ts';
import { isSecureRequest } from './security.ts';

export const sessionCookie = 'perch_session';
const day = 24 * 60 * 60 * 1000;

export interface SignedIn extends SessionView {
  sessionId: string;
}

/** How a session is opened: the method, and for single sign-on the organization whose connection it went through. */
export type SignInBy = { method: Exclude<SignInMethod, 'sso'> } | { method: 'sso'; organizationId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: SignedIn | null;
  }
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  };
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRow {
  return requireSession(request).user;
}

/** The signed-in session (its user, how and when it was opened), or 401. */
export function requireSession(request: FastifyRequest): SignedIn {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The app's memory of recently read sessions (one per running app). */
const sessionCacheOf = perApp(() => new SessionCache());

const readOnlyMethods = new Set(['GET', 'HEAD']);

/**
 * Reads the session cookie on every request; sessions slide forward once a day while in use. A GET or HEAD may be
 * answered from this instance's memory of the session for up to sessionCacheMs (decision 009); every other request
 * reads the session, and afterwards this instance forgets the user's remembered sessions, as whatever it changed
 * (a sign-out, a password, the account) may concern them.
 */
export function registerSessions(app: FastifyInstance, context: AppContext): void {
  const cache = sessionCacheOf(context);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[sessionCookie];
    if (!token || token.length > 100) return;
    const id = digestToken(token);
    const isReadOnly = readOnlyMethods.has(request.method);
    if (isReadOnly) {
      const remembered = cache.get(id);
      if (remembered) {
        request.auth = { sessionId: id, ...remembered };
        return;
      }
    }
    const found = await findSession(context.db, id);
    if (!found) return;
    const session: SessionView = {
      user: found.user,
      barredOrganizationIds: found.barredOrganizationIds,
      signInMethod: found.session.signInMethod,
      openedAt: found.session.createdAt,
    };
    request.auth = { sessionId: id, ...session };
    const lifetime = context.config.sessionDays * day;
    let expiresAt = found.session.expiresAt;
    if (expiresAt.getTime() - Date.now() < lifetime - day) {
      expiresAt = new Date(Date.now() + lifetime);
      await extendSession(context.db, id, expiresAt);
    }
    if (isReadOnly) cache.remember(id, session, expiresAt);
  });
  app.addHook('onResponse', async (request) => {
    if (request.auth && !readOnlyMethods.has(request.method)) forgetUserSessions(request.auth.user.id);
  });
}

/** Starts a fresh session (never reusing an old id), noting how it was opened, and sets its cookie. */
export async function startSession(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  by: SignInBy,
): Promise<void> {
  if (request.auth) await deleteSession(context.db, request.auth.sessionId);
  const { token, digest } = createToken();
  const lifetime = context.config.sessionDays * day;
  await insertSession(context.db, {
    id: digest,
    userId,
    expiresAt: new Date(Date.now() + lifetime),
    signInMethod: by.method,
    ssoOrganizationId: by.method === 'sso' ? by.organizationId : null,
  });
  reply.setCookie(sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
    maxAge: lifetime / 1000,
  });
}

export async function endSession(context: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.auth) await deleteSession(context.db, request.auth.sessionId);
  request.auth = null;
  reply.clearCookie(sessionCookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
  });
}
