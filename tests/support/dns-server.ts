import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import dns2 from 'dns2';

// A real DNS server (dns2, over UDP) on 127.0.0.1 for tests: Perch's resolver is pointed at it with DNS_SERVERS, and
// a test sets the TXT and address records its organizations' domains should have. Unknown names are NXDOMAIN.

const { Packet } = dns2;

export interface TestDnsServer {
  /** A resolver that asks only this server, as Perch's does with DNS_SERVERS set to `address`. */
  resolver: Resolver;
  /** What DNS_SERVERS should say: 127.0.0.1:<port>. */
  address: string;
  setTxt(name: string, values: string[]): void;
  setAddresses(name: string, addresses: string[]): void;
  remove(name: string): void;
  /** How many questions each name was asked, lower-case, type by type ("TXT example.com"). */
  questions: Map<string, number>;
  close(): Promise<void>;
}

export interface TestDnsServerOptions {
  /**
   * A folder of TXT records, one JSON file a name (`<name>.json`, lower-case, holding `["<value>", ...]`), read again
   * for every question (records set with setTxt come first): how a test in another process (a browser test)
   * publishes records to this server. One file a name, so that tests running at once never overwrite each other's.
   * A missing or unreadable file holds no records.
   */
  recordsDirectory?: string;
}

/** The TXT records of `name` in the options' folder, if it has a readable file for it. */
function readRecordsFile(directory: string | undefined, name: string): string[] | undefined {
  if (!directory || !/^[a-z0-9._-]+$/.test(name)) return undefined;
  try {
    const values: unknown = JSON.parse(fs.readFileSync(path.join(directory, `${name}.json`), 'utf8'));
    return Array.isArray(values) && values.every((value) => typeof value === 'string') ? values : undefined;
  } catch {
    return undefined;
  }
}

export async function startTestDnsServer(options: TestDnsServerOptions = {}): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const questions = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const typeName = Object.entries(Packet.TYPE).find(([, value]) => value === question.type)?.[0] ?? '?';
      const asked = `${typeName} ${name}`;
      questions.set(asked, (questions.get(asked) ?? 0) + 1);
      const txtValues = txt.get(name) ?? readRecordsFile(options.recordsDirectory, name);
      if (!txtValues && !addresses.has(name)) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 1 };
      // dns2's types ask for its Resource class; the plain records its own examples push are what it encodes.
      const answers = response.answers as unknown[];
      if (question.type === Packet.TYPE.TXT) {
        for (const data of txtValues ?? []) answers.push({ ...base, type: Packet.TYPE.TXT, data });
      }
      const wanted = question.type === Packet.TYPE.A ? 4 : question.type === Packet.TYPE.AAAA ? 6 : 0;
      for (const address of addresses.get(name) ?? []) {
        const family = address.includes(':') ? 6 : 4;
        if (family !== wanted) continue;
        answers.push({ ...base, type: family === 4 ? Packet.TYPE.A : Packet.TYPE.AAAA, address });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses().udp as AddressInfo).port;
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  return {
    resolver,
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => txt.set(key(name), values),
    setAddresses: (name, values) => addresses.set(key(name), values),
    remove: (name) => {
      txt.delete(key(name));
      addresses.delete(key(name));
    },
    questions,
    close: async () => {
      await server.close();
    },
  };
}
