import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { createMailer, type Mailer, type MailMessage } from '#server/mail/mailer.ts';
import { postgresUrl } from './global-setup.ts';

export const testDatabase = (process.env.PERCH_TEST_DATABASE ?? 'pglite') as 'pglite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Mail the app sent, newest last (when no mailer was given). */
  mails: MailMessage[];
  client(headers?: Record<string, string>): TestClient;
  close(): Promise<void>;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A browser-like client over app.inject that keeps its cookies. */
export interface TestClient {
  cookies: Map<string, string>;
  request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse<T>>;
  get<T = any>(url: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
}

/** A fresh database of this run's kind, already migrated. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (testDatabase === 'postgres') {
    const name = `${inject('postgresTemplate').replace('template', 'test')}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: postgresUrl(name), poolSize: 5 });
    return {
      database,
      drop: async () => {
        const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const snapshot = new Blob([await fs.readFile(inject('pgliteSnapshotPath'))]);
  const database = await openDatabase({ pgliteSnapshot: snapshot });
  return { database, drop: async () => {} };
}

export async function startTestApp(
  options: {
    environment?: Record<string, string>;
    /** The app's mailer: by default one that keeps mail in `mails`; 'as configured', the one the server picks at start-up (SMTP when SMTP_URL is set). */
    mailer?: Mailer | 'as configured';
    /** Collects every log line here, at trace level unless the environment names one (to check what logs carry). */
    logLines?: string[];
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logLines ? 'trace' : 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://perch.test',
    // perch.test is not a loopback address, so billing is chosen: the local checkout, acknowledged as a demo.
    BILLING: 'local',
    LOCAL_CHECKOUT_ACKNOWLEDGED: 'demo',
    ...options.environment,
  });
  const { database, drop } = await openTestDatabase();
  const mails: MailMessage[] = [];
  const mailer: Mailer =
    options.mailer === 'as configured'
      ? createMailer(config, { info: () => {} })
      : (options.mailer ?? {
          send: async (message) => {
            mails.push(message);
          },
          close: () => {},
        });
  const { logLines } = options;
  const app = await buildApp({
    config,
    database,
    mailer,
    serveWebApp: false,
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    mails,
    client: (headers) => createClient(app, headers),
    close: async () => {
      // An app that has not closed after 5 s says what is still open, then ends its connections: the file's other
      // checks still run, and the warning stays in the run's output.
      await slowStepWarning(
        'closing the app',
        () => app.close(),
        () => {
          console.warn(`still open: ${process.getActiveResourcesInfo().join(', ')}`);
          app.server.closeAllConnections();
        },
      );
      await slowStepWarning('closing its database', () => database.close());
      await slowStepWarning('dropping its database', drop);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a step of a test app's teardown and says on stderr which one it was when it takes more than 5 s. */
async function slowStepWarning(step: string, run: () => Promise<unknown>, whenSlow?: () => void): Promise<void> {
  const started = performance.now();
  const timer = setTimeout(() => {
    console.warn(`test app teardown: ${step} has taken more than 5 s`);
    whenSlow?.();
  }, 5000);
  try {
    await run();
  } finally {
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    if (seconds > 5) console.warn(`test app teardown: ${step} took ${seconds.toFixed(1)} s`);
  }
}

/**
 * The test file's app, started before its tests and closed after them. Its fields are filled in before the first
 * test, so read them inside tests and hooks only.
 */
export function startTestAppForFile(
  /** The options, or a function that gives them once the file's earlier beforeAll hooks have run (servers they start). */
  options: Parameters<typeof startTestApp>[0] | (() => Parameters<typeof startTestApp>[0]) = {},
): TestApp {
  const testApp = {} as TestApp;
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof options === 'function' ? options() : options);
    Object.assign(testApp, started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return testApp;
}

function createClient(app: FastifyInstance, defaultHeaders: Record<string, string> = {}): TestClient {
  const cookies = new Map<string, string>();
  const request = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...defaultHeaders,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.value === '';
      if (expired) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    let parsed: unknown = null;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = null;
    }
    return {
      status: response.statusCode,
      body: parsed as any,
      text: response.body,
      headers: response.headers,
    };
  };
  return {
    cookies,
    request,
    get: (url, headers) => request('GET', url, undefined, headers),
    post: (url, body, headers) => request('POST', url, body ?? {}, headers),
  };
}

/**
 * Sends `count` requests one after another, each once the one before it was answered (`send` is given the attempt's
 * number, from 0), and answers their responses in order: how a test walks up to a limit.
 */
export async function sendOneAfterAnother<T = any>(
  count: number,
  send: (attempt: number) => Promise<TestResponse<T>>,
): Promise<TestResponse<T>[]> {
  const answers: TestResponse<T>[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) answers.push(await send(attempt));
  return answers;
}

/** Expects the answer's status and its sentence: the whole sentence, or one matching a pattern. */
export function expectRefusal(response: TestResponse, status: number, message: string | RegExp): void {
  expect(response.status, response.text).toBe(status);
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
}

let counter = 0;
/**
 * A unique, valid e-mail address for one test. Its unique part is digits only: letters drawn from a clock once made
 * an address contain "g0", and a search test for desk G01 found that person too.
 */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Registers a user through the API and answers its signed-in client (a new one unless `client` is given). */
export async function signUp(
  testApp: TestApp,
  details: { email?: string; password?: string; firstName?: string; lastName?: string; client?: TestClient } = {},
) {
  const client = details.client ?? testApp.client();
  const email = details.email ?? uniqueEmail();
  const password = details.password ?? 'correct horse battery';
  const response = await client.post('/api/register', {
    email,
    password,
    firstName: details.firstName ?? 'Ada',
    lastName: details.lastName ?? 'Lovelace',
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return { client, email, password, user: response.body };
}

/** Adds a membership row directly, as a joined invitation would. */
export async function insertMembership(
  testApp: TestApp,
  organizationId: string,
  userId: string,
  role: 'admin' | 'member' = 'member',
): Promise<void> {
  await testApp.database.sql.query('INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)', [
    organizationId,
    userId,
    role,
  ]);
}

/** Marks the organization's subscription cancelled, as an ended paid period would. */
export async function cancelSubscription(testApp: TestApp, organizationId: string): Promise<void> {
  await testApp.database.sql.query("UPDATE subscriptions SET status = 'cancelled' WHERE organization_id = $1", [
    organizationId,
  ]);
}
