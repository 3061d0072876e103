import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { maxStreamsPerUser } from '#domain/realtime.ts';
import { AppError } from '../errors.ts';
import {
  createRealtimeHub,
  type LiveStream,
  type RealtimeHub,
  replayedChangesPerOrganization,
  type StreamCheck,
} from './hub.ts';

const hubs: RealtimeHub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.stop();
});

/** A hub whose stream check answers from `states` (the database's part is tested in events.test.ts). */
function makeHub(states: Map<string, { hasSession: boolean; isMember: boolean }> = new Map(), heartbeatMs = 60_000) {
  const checkStreams: StreamCheck = async (streams) =>
    new Map(streams.map((live) => [live.id, states.get(live.userId) ?? { hasSession: true, isMember: true }] as const));
  const hub = createRealtimeHub({ checkStreams, log: { warn: () => {} } as unknown as FastifyBaseLogger, heartbeatMs });
  hubs.push(hub);
  return hub;
}

/** Everything written to the stream so far, as text. */
function output(live: LiveStream) {
  const chunks: string[] = [];
  live.stream.body.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return () => chunks.join('');
}

const open = (
  hub: RealtimeHub,
  organizationId: string,
  userId: string,
  extra: { sinceMs?: number; sessionExpiresAt?: Date } = {},
) => hub.openStream({ organizationId, userId, sessionId: `session-${userId}`, isReconnect: false, ...extra });

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the realtime hub', () => {
  it("writes an organization's change to its streams only, as one identified frame, and beats every stream", async () => {
    const hub = makeHub(new Map(), 20);
    const mine = output(open(hub, 'org-a', 'ann'));
    const theirs = output(open(hub, 'org-b', 'bob'));
    hub.publish({ kind: 'invitations', organizationId: 'org-a' });
    await until(() => mine().includes(': keep-alive') && theirs().includes(': keep-alive'));
    expect(mine()).toMatch(/^retry: 3000\n\nid: \d+\nevent: ready\ndata: \{"organizationId":"org-a"\}\n\n/);
    expect(mine()).toMatch(/id: \d+\nevent: invitations\ndata: \{"kind":"invitations","organizationId":"org-a"\}\n\n/);
    expect(theirs()).not.toContain('invitations');
  });

  it('closes the streams of a member who left, with the reason, and leaves the others open', async () => {
    const states = new Map([['ann', { hasSession: true, isMember: false }]]);
    const hub = makeHub(states);
    const ann = open(hub, 'org-a', 'ann');
    const annOutput = output(ann);
    const bob = open(hub, 'org-a', 'bob');
    hub.publish({ kind: 'members', organizationId: 'org-a', userIds: ['ann'] });
    await until(() => !ann.stream.isOpen);
    expect(annOutput()).toContain('event: closed\ndata: {"reason":"removed"}');
    expect(bob.stream.isOpen).toBe(true);
    expect(hub.streamCount).toBe(1);
  });

  it('closes every stream of an ended session when sessions end, whatever the organization', async () => {
    const hub = makeHub(new Map([['ann', { hasSession: false, isMember: false }]]));
    const first = open(hub, 'org-a', 'ann');
    const firstOutput = output(first);
    const second = open(hub, 'org-b', 'ann');
    hub.publish({ kind: 'sessions', organizationId: null, userIds: null });
    await until(() => !first.stream.isOpen && !second.stream.isOpen);
    expect(firstOutput()).toContain('event: closed\ndata: {"reason":"signed-out"}');
    expect(hub.streamCount).toBe(0);
  });

  it("checks a stream at its session's expiry: it stays open while the session went on, and closes once it ended", async () => {
    let checks = 0;
    let isAlive = true;
    const checkStreams: StreamCheck = async (streams) => {
      checks += 1;
      const state = { hasSession: isAlive, isMember: true, sessionExpiresAt: new Date(Date.now() + 20) };
      return new Map(streams.map((live) => [live.id, state] as const));
    };
    const hub = createRealtimeHub({ checkStreams, log: { warn: () => {} } as unknown as FastifyBaseLogger });
    hubs.push(hub);
    const ann = open(hub, 'org-a', 'ann', { sessionExpiresAt: new Date(Date.now() + 20) });
    const annOutput = output(ann);
    const bob = open(hub, 'org-a', 'bob');
    await until(() => checks === 1);
    expect(ann.stream.isOpen).toBe(true);
    isAlive = false;
    await until(() => !ann.stream.isOpen);
    expect(checks).toBe(2);
    expect(annOutput()).toContain('event: closed\ndata: {"reason":"signed-out"}');
    expect(bob.stream.isOpen).toBe(true);
  });

  it('clears the expiry timer of a stream that closes first', async () => {
    let checks = 0;
    const checkStreams: StreamCheck = async (streams) => {
      checks += 1;
      return new Map(streams.map((live) => [live.id, { hasSession: false, isMember: true }] as const));
    };
    const hub = createRealtimeHub({ checkStreams, log: { warn: () => {} } as unknown as FastifyBaseLogger });
    hubs.push(hub);
    const ann = open(hub, 'org-a', 'ann', { sessionExpiresAt: new Date(Date.now() + 30) });
    ann.stream.body.destroy();
    await until(() => hub.streamCount === 0);
    // A later stream's expiry is checked; the closed one's timer never asked.
    const bob = open(hub, 'org-a', 'bob', { sessionExpiresAt: new Date(Date.now() + 40) });
    await until(() => !bob.stream.isOpen);
    expect(checks).toBe(1);
  });

  it(`refuses stream ${maxStreamsPerUser + 1} of one user with 429 until one of them closes`, async () => {
    const hub = makeHub();
    const streams = Array.from({ length: maxStreamsPerUser }, () => open(hub, 'org-a', 'ann'));
    expect(() => open(hub, 'org-a', 'ann')).toThrow(AppError);
    try {
      open(hub, 'org-a', 'ann');
    } catch (error) {
      expect((error as AppError).statusCode).toBe(429);
    }
    expect(open(hub, 'org-a', 'bob').stream.isOpen).toBe(true);
    streams[0]!.stream.body.destroy();
    await until(() => hub.streamCount === maxStreamsPerUser);
    expect(open(hub, 'org-a', 'ann').stream.isOpen).toBe(true);
  });

  it('starts with resync when the client may have missed a change announced within its since', async () => {
    const hub = makeHub();
    hub.publish({ kind: 'floors', organizationId: 'org-a', floorIds: ['floor-1'] });
    const recent = output(open(hub, 'org-a', 'ann', { sinceMs: 60_000 }));
    const plain = output(open(hub, 'org-b', 'bob'));
    await until(() => recent().includes('event: ready') && plain().includes('event: ready'));
    expect(recent()).toContain('event: resync');
    expect(plain()).not.toContain('event: resync');
  });

  // A client's window is its `since` and the hub's second of slack: these tests wait that second out first.
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("tells a loading client the changes announced within its since, its organization's only, not to refetch everything", async () => {
    const hub = makeHub();
    hub.publish({ kind: 'floors', organizationId: 'org-a', floorIds: ['before-the-window'] });
    await sleep(1_200);
    hub.publish({ kind: 'floors', organizationId: 'org-a', floorIds: ['floor-1'] });
    hub.publish({ kind: 'invitations', organizationId: 'org-b' });
    hub.publish({ kind: 'desks', organizationId: 'org-a', floorIds: ['floor-1'], renamed: false });
    const loading = output(open(hub, 'org-a', 'ann', { sinceMs: 50 }));
    const plain = output(open(hub, 'org-a', 'bob'));
    await until(() => loading().includes('event: desks') && plain().includes('event: ready'));
    expect(loading()).not.toContain('resync');
    expect(loading()).not.toContain('before-the-window');
    expect(loading()).not.toContain('org-b');
    expect(loading().indexOf('event: floors')).toBeLessThan(loading().indexOf('event: desks'));
    expect(loading()).toContain('"floorIds":["floor-1"]');
    expect(plain()).not.toMatch(/event: (floors|desks|resync)/);
  });

  it('asks for a refetch of everything when a change within the window was forgotten for want of room', async () => {
    const hub = makeHub();
    await sleep(1_200);
    for (let index = 0; index <= replayedChangesPerOrganization; index += 1) {
      hub.publish({ kind: 'floors', organizationId: 'org-a', floorIds: [`floor-${index}`] });
    }
    const loading = output(open(hub, 'org-a', 'ann', { sinceMs: 50 }));
    await until(() => loading().includes('event: resync'));
    expect(loading()).not.toContain('event: floors');
  });

  it('asks for a refetch of everything when the database link came back within the window', async () => {
    const hub = makeHub();
    await sleep(1_200);
    hub.resyncAll();
    const loading = output(open(hub, 'org-a', 'ann', { sinceMs: 50 }));
    await until(() => loading().includes('event: ready'));
    await until(() => loading().includes('event: resync'));
  });
});
