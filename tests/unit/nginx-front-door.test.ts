// The deployed front door (deploy/nginx), run by Debian's nginx in front of stand-in instances that show what
// reaches them. `npm run bench:cluster` runs the same configuration in front of real Perch instances.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#test-support/perch-server.ts';
import { closedWithin, connectRaw } from '#test-support/raw-http.ts';
import { type Nginx, startNginx } from '../../bench/cluster/nginx.ts';

const floorPlanLimit = 10_485_760;

interface Upstream {
  address: string;
  close(): Promise<void>;
}

/** An instance stand-in: echoes the headers it got, counts upload bytes, and holds an event stream open. */
async function startUpstream(): Promise<Upstream> {
  const server = http.createServer((request, response) => {
    if (request.url?.endsWith('/events')) {
      // No X-Accel-Buffering header (Perch sends one): the configuration alone must keep the stream unbuffered.
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      response.write('event: ready\ndata: {}\n\n');
      return;
    }
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ headers: request.headers, received }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request from a chosen loopback source address, as a client elsewhere on the network would send it. */
function send(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer; localAddress?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${options.path}`,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    // nginx may answer 413 before the whole body is sent and close the connection.
    request.on('error', reject);
    request.end(options.body);
  });
}

const upstreams: Upstream[] = [];
let nginx: Nginx;

beforeAll(async () => {
  upstreams.push(await startUpstream(), await startUpstream());
  nginx = await startNginx({ port: await freePort(), upstreams: upstreams.map((upstream) => upstream.address) });
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(upstreams.map((upstream) => upstream.close()));
});

describe('the nginx front door (deploy/nginx)', () => {
  it('replaces forwarded headers a client sends with the address and scheme nginx saw', async () => {
    const response = await send(nginx.baseUrl, {
      path: '/api/user',
      localAddress: '127.0.0.2',
      headers: {
        'x-forwarded-for': '1.2.3.4',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=1.2.3.4;proto=https',
        'x-real-ip': '1.2.3.4',
      },
    });
    expect(response.status).toBe(200);
    const { headers } = JSON.parse(response.body);
    expect(headers['x-forwarded-for']).toBe('127.0.0.2');
    expect(headers['x-real-ip']).toBe('127.0.0.2');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('127.0.0.1');
    expect(headers.forwarded).toBeUndefined();
  });

  it('passes an event stream on as it is written, uncompressed, while the instance holds it open', async () => {
    const controller = new AbortController();
    try {
      const response = await fetch(`${nginx.baseUrl}/api/organizations/abc/events`, {
        headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      // A buffering proxy would hold these bytes until the stream ends, which it never does: the read would hang.
      while (!text.includes('\n\n')) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event arrived')), 10_000)),
        ]);
        if (chunk.done) throw new Error(`the stream ended after ${JSON.stringify(text)}`);
        text += chunk.value;
      }
      expect(text).toBe('event: ready\ndata: {}\n\n');
    } finally {
      controller.abort();
    }
  }, 20_000);

  it('takes a 10 MB floor plan upload whole and refuses a larger one with 413 and a sentence', async () => {
    const uploadPng = (bytes: number) =>
      send(nginx.baseUrl, {
        method: 'PUT',
        path: '/api/objects/upload/some-token',
        headers: { 'content-type': 'image/png' },
        body: Buffer.alloc(bytes, 1),
      });
    const upload = await uploadPng(floorPlanLimit);
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body).received).toBe(floorPlanLimit);

    const tooLarge = await uploadPng(12 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toBe('application/json');
    expect(JSON.parse(tooLarge.body).message).toMatch(/^The request is too large: a floor plan image may be at most/);
  }, 30_000);

  it('refuses a 2 MB body anywhere else with 413 and a sentence', async () => {
    const response = await send(nginx.baseUrl, {
      method: 'POST',
      path: '/api/bookings',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 32),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).message).toMatch(/^The request is too large/);
  });

  it('cuts off clients that stall their headers or their body, without involving an instance', async () => {
    const halfHeaders = await connectRaw(nginx.baseUrl);
    halfHeaders.send('GET /api/health HTTP/1.1\r\nHost: perch.test\r\nX-Slow: ');
    const halfBody = await connectRaw(nginx.baseUrl);
    halfBody.send('POST /api/login HTTP/1.1\r\nHost: perch.test\r\nContent-Length: 100\r\n\r\n{"email":');
    // client_header_timeout and client_body_timeout are 10 s: both connections end by themselves.
    await Promise.all([
      closedWithin(halfHeaders, 'the connection with half its headers'),
      closedWithin(halfBody, 'the connection with half its body'),
    ]);
  }, 30_000);
});

describe('the nginx front door with instances down', () => {
  it('sends requests on to a live instance when another one is down', async () => {
    const live = await startUpstream();
    const down = `127.0.0.1:${await freePort()}`;
    const front = await startNginx({ port: await freePort(), upstreams: [down, live.address] });
    try {
      for (let request = 0; request < 6; request++) {
        expect((await send(front.baseUrl, { path: '/api/health' })).status).toBe(200);
      }
    } finally {
      await front.stop();
      await live.close();
    }
  }, 30_000);

  it('answers 503 with a sentence and Retry-After when no instance answers', async () => {
    const front = await startNginx({ port: await freePort(), upstreams: [`127.0.0.1:${await freePort()}`] });
    try {
      const response = await send(front.baseUrl, { path: '/api/health' });
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('10');
      expect(JSON.parse(response.body)).toEqual({
        message: 'Perch is not answering right now. Please try again in a minute.',
      });
    } finally {
      await front.stop();
    }
  }, 30_000);
});
