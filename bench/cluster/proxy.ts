// A small round-robin HTTP proxy for the cluster benchmark: each request goes to the next instance in turn,
// over kept-alive connections; answers (event streams included) are piped back as they arrive. It sets
// X-Forwarded-For/-Proto/-Host as a load balancer does (instances run with TRUST_PROXY=true).
// Run: npx node bench/cluster/proxy.ts --port 4390 --target 127.0.0.1:4401 --target 127.0.0.1:4402
import http from 'node:http';
import { parseArgs } from 'node:util';

export interface Proxy {
  server: http.Server;
  close(): Promise<void>;
}

export function startProxy(options: { port: number; host?: string; targets: string[] }): Promise<Proxy> {
  const targets = options.targets.map((target) => {
    const [host, port] = target.split(':');
    return {
      host: host ?? '127.0.0.1',
      port: Number(port),
      agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
    };
  });
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = targets[next++ % targets.length]!;
    const forwarded = request.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: target.host,
        port: target.port,
        method: request.method,
        path: request.url,
        agent: target.agent,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.headers['x-forwarded-for']
            ? `${request.headers['x-forwarded-for']}, ${forwarded}`
            : forwarded,
          'x-forwarded-proto': request.headers['x-forwarded-proto'] ?? 'http',
          'x-forwarded-host': request.headers.host ?? '',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end('{"message":"The instance did not answer."}');
    });
    // The client went away before the answer ended (an event stream closed): stop the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => {
    server.listen(options.port, options.host ?? '127.0.0.1', () =>
      resolve({
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
            for (const target of targets) target.agent.destroy();
          }),
      }),
    );
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      target: { type: 'string', multiple: true },
    },
  });
  if (!values.target?.length) {
    console.error('Give at least one --target host:port.');
    process.exit(1);
  }
  await startProxy({ port: Number(values.port), host: values.host, targets: values.target });
  console.log(`Proxy on ${values.host}:${values.port} → ${values.target.join(', ')}`);
  process.on('SIGTERM', () => process.exit(0));
}
