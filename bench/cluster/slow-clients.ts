// `node bench/cluster/slow-clients.ts`: what one Perch instance does with clients that never finish a request.
// 1. 300 connections send their headers and half a body, then nothing: how long until the instance closes them.
// 2. 20,000 connections (two client processes of 10,000, from 127.0.0.2 and 127.0.0.3) do the same at once: how
//    many the instance holds, how many it refuses, and whether GET /api/health still answers meanwhile, on a
//    connection opened before the flood and on a new one.
// The instance runs `node src/server/main.ts` of this checkout on PGlite with its default limits. For a before/after
// comparison, copy this file into an older checkout (`git archive <commit>`) and run it there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnPerch, stopProcess } from '#test-support/perch-server.ts';
import { residentMiB } from '../machine.ts';

const halfABody = (host: string) =>
  `POST /api/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a`;

interface FloodResult {
  opened: number;
  /** Closed by the instance within 2 s of connecting: refused at the cap. */
  refused: number;
  /** Still open 2 s after the last connection was made. */
  held: number;
  failedToConnect: number;
}

/** Client process: `count` half-body connections from `from`, reported as JSON on stdout; held until killed. */
async function flood(port: number, count: number, from: string): Promise<void> {
  const result: FloodResult = { opened: 0, refused: 0, held: 0, failedToConnect: 0 };
  const open = new Set<net.Socket>();
  const connectOne = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
      let connectedAt = 0;
      socket.on('connect', () => {
        connectedAt = performance.now();
        result.opened += 1;
        open.add(socket);
        socket.write(halfABody(`127.0.0.1:${port}`));
        resolve();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        if (connectedAt === 0) {
          result.failedToConnect += 1;
          resolve();
        } else if (performance.now() - connectedAt < 2000) {
          result.refused += 1;
        }
      });
      socket.resume();
    });
  for (let index = 0; index < count; index += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - index) }, connectOne));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  result.held = open.size;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await new Promise(() => {});
}

async function timedHealth(connect: () => Promise<net.Socket>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const socket = await connect();
    const status = await new Promise<number>((resolve) => {
      let text = '';
      const timer = setTimeout(() => resolve(0), 10_000);
      socket.on('data', (chunk) => {
        text += String(chunk);
        if (text.includes('\r\n\r\n')) {
          clearTimeout(timer);
          resolve(Number(text.split(' ')[1]));
        }
      });
      socket.once('close', () => resolve(Number(text.split(' ')[1]) || 0));
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    return { status, ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - started) };
  }
}

function connectTo(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function measure(): Promise<void> {
  const port = 4420;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-slow-clients-'));
  const perch = await spawnPerch({
    baseURL: `http://127.0.0.1:${port}`,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  });
  const floods: ReturnType<typeof spawn>[] = [];
  try {
    // 1. 300 stalled bodies.
    const started = performance.now();
    const closings = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const socket = await connectTo(port);
        socket.write(halfABody(`127.0.0.1:${port}`));
        socket.resume();
        return new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), 60_000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve(performance.now() - started);
          });
        });
      }),
    );
    const closed = closings.filter((value): value is number => value !== null);
    console.log(
      `300 stalled bodies: ${closed.length} closed by the instance within 60 s` +
        (closed.length ? `, the last after ${(Math.max(...closed) / 1000).toFixed(1)} s` : ''),
    );

    // 2. 20,000 at once, with a health check on a connection made before them and on a new one.
    const before = await connectTo(port);
    const warm = await timedHealth(async () => before);
    const self = path.resolve(import.meta.dirname, 'slow-clients.ts');
    const results = await Promise.all(
      ['127.0.0.2', '127.0.0.3'].map(
        (from) =>
          new Promise<FloodResult>((resolve, reject) => {
            const child = spawn(process.execPath, [self, '--flood', String(port), '10000', from], {
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            floods.push(child);
            child.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
            child.once('exit', (code) => reject(new Error(`flood from ${from} exited with ${code}`)));
          }),
      ),
    );
    const total = results.reduce(
      (sum, result) => ({
        opened: sum.opened + result.opened,
        refused: sum.refused + result.refused,
        held: sum.held + result.held,
        failedToConnect: sum.failedToConnect + result.failedToConnect,
      }),
      { opened: 0, refused: 0, held: 0, failedToConnect: 0 },
    );
    const onHeld = await timedHealth(async () => before);
    const onNew = await timedHealth(() => connectTo(port));
    console.log(`20,000 stalled connections at once: ${JSON.stringify(total)}`);
    console.log(
      `GET /api/health before: ${warm.status} in ${warm.ms} ms; during the flood on that connection: ${onHeld.status} in ${onHeld.ms} ms, on a new connection: ${onNew.status || 'no answer'} in ${onNew.ms} ms`,
    );
    console.log(`Instance resident memory during the flood: ${Math.round(residentMiB(perch.pid))} MB`);
  } finally {
    for (const child of floods) child.kill('SIGKILL');
    await stopProcess(perch);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const { values, positionals } = parseArgs({ options: { flood: { type: 'boolean' } }, allowPositionals: true });
if (values.flood) {
  const [port, count, from] = positionals;
  await flood(Number(port), Number(count), from ?? '127.0.0.1');
} else {
  await measure();
  process.exit(0);
}
