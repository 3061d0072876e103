import { afterAll, beforeAll } from 'vitest';

/**
 * What `start` answers (a server, a stand-in: a plain object, whose own fields are copied), started before the tests
 * of the file, or of the describe block, that calls this and closed after them. Its fields are filled in before the
 * first test, so read them inside tests and hooks only. (The test app has its own: startTestAppForFile.)
 */
export function startForFile<T extends { close(): unknown }>(start: () => Promise<T>): T {
  const resource = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(resource as object, started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return resource;
}
