import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabase } from '#test-support/harness.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { type ChangeFeed, type ChangeFeedHandlers, followChanges } from './change-feed.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const organization = '00000000-0000-4000-8000-000000000001';
const announce = (details: Record<string, unknown>) =>
  `SELECT perch_announce('${organization}', 'organization', '${JSON.stringify(details)}'::jsonb)`;

/** A feed whose changes are collected, with a way to wait for one. */
async function collect(
  query = database.changeReader,
  options: Parameters<typeof followChanges>[2] = { everyMs: 10 },
): Promise<{
  feed: ChangeFeed;
  received: Record<string, unknown>[];
  resyncs: () => number;
  until(n: number): Promise<void>;
}> {
  const received: Record<string, unknown>[] = [];
  let resyncs = 0;
  const handlers: ChangeFeedHandlers = {
    onChanges: (payloads) => received.push(...payloads.map((payload) => JSON.parse(payload))),
    onResync: () => {
      resyncs += 1;
    },
  };
  const feed = await followChanges(query, handlers, options);
  return {
    feed,
    received,
    resyncs: () => resyncs,
    until: async (count) => {
      const deadline = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`waited for ${count} changes, got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

describe('the feed of committed changes', () => {
  it('hands over each committed change once, in order, and never one that rolled back', async () => {
    const { feed, received, until } = await collect();
    await database.sql.exec(`BEGIN; ${announce({ step: 1 })}; ${announce({ step: 2 })}; COMMIT;`);
    await database.sql.exec(`BEGIN; ${announce({ step: 'rolled back' })}; ROLLBACK;`);
    await database.sql.exec(`BEGIN; ${announce({ step: 3 })}; ${announce({ step: 3 })}; COMMIT;`);
    await database.sql.exec(announce({ step: 4 }));
    await until(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await feed.close();
    expect(received.map((change) => change.step)).toEqual([1, 2, 3, 4]);
    expect(received[0]).toMatchObject({ organizationId: organization, kind: 'organization' });
  });

  it('starts from its first read: nothing committed before it is handed over', async () => {
    await database.sql.exec(announce({ step: 'before' }));
    const { feed, received, until } = await collect();
    await database.sql.exec(announce({ step: 'after' }));
    await until(1);
    await feed.close();
    expect(received.map((change) => change.step)).toEqual(['after']);
  });

  it.skipIf(testDatabase !== 'postgres')(
    'hands over a change whose transaction began before a read and committed after it',
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      const name = (await database.sql.query<{ name: string }>('SELECT current_database() AS name'))[0]?.name;
      url.pathname = `/${name}`;
      const slow = new pg.Client({ connectionString: url.toString() });
      await slow.connect();
      const { feed, received, until } = await collect();
      try {
        await slow.query('BEGIN');
        await slow.query(announce({ step: 'slow' }));
        await database.sql.exec(announce({ step: 'fast' }));
        await until(1);
        expect(received.map((change) => change.step)).toEqual(['fast']);
        await slow.query('COMMIT');
        await until(2);
        expect(received.map((change) => change.step)).toEqual(['fast', 'slow']);
      } finally {
        await feed.close();
        await slow.end();
      }
    },
  );

  it('tells its owner to read everything again after reads failed, and goes on from where it was', async () => {
    let failing = false;
    const query: DatabaseHandle['changeReader'] = (text, params) =>
      failing ? Promise.reject(new Error('the database is away')) : database.changeReader(text, params);
    const { feed, received, resyncs, until } = await collect(query);
    failing = true;
    await database.sql.exec(announce({ step: 'while away' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    failing = false;
    await until(1);
    await feed.close();
    expect(resyncs()).toBe(1);
    expect(received.map((change) => change.step)).toEqual(['while away']);
  });

  it('removes changes once every feed has had time to read them', async () => {
    const { feed, until } = await collect(database.changeReader, { everyMs: 10, keepMs: 200 });
    await database.sql.exec(announce({ step: 'old' }));
    await until(1);
    const count = async () =>
      Number((await database.sql.query<{ count: string }>('SELECT count(*) AS count FROM perch_changes'))[0]?.count);
    expect(await count()).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    while ((await count()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await feed.close();
    expect(await count()).toBe(0);
  });
});
