import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStore, type ServedObject, type UploadReference } from './object-store.ts';

export const localUploadPath = '/api/objects/upload/';
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'ENOENT';
}

/** Objects as files under DATA_DIR/objects; uploads come through Perch's own PUT route. */
export function createLocalStore(options: { dataDir: string; publicUrl: string }): ObjectStore {
  const root = path.join(options.dataDir, 'objects');
  const publicOrigin = new URL(options.publicUrl).origin;

  function pathOf(key: string): string {
    assertSafeKey(key);
    const resolved = path.resolve(root, ...key.split('/'));
    // Belt and braces: a safe key cannot leave the root, and this proves it.
    if (!resolved.startsWith(root + path.sep)) throw new Error(`object key ${JSON.stringify(key)} leaves the store`);
    return resolved;
  }

  async function open(key: string): Promise<fs.FileHandle | null> {
    try {
      return await fs.open(pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    browserOrigin: undefined,

    async createUploadUrl({ token }) {
      return `${options.publicUrl}${localUploadPath}${token}`;
    },

    locateUpload(url: string): UploadReference | null {
      let parsed: URL;
      try {
        parsed = new URL(url, publicOrigin);
      } catch {
        return null;
      }
      if (parsed.origin !== publicOrigin || !parsed.pathname.startsWith(localUploadPath)) return null;
      const token = parsed.pathname.slice(localUploadPath.length);
      return tokenPattern.test(token) ? { token } : null;
    },

    async put(key, body) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write aside, then rename: a reader never sees half an object.
      const temporary = `${target}.${randomUUID()}.partial`;
      try {
        await fs.writeFile(temporary, body, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async size(key) {
      try {
        return (await fs.stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readStart(key, length) {
      const handle = await open(key);
      if (!handle) return null;
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async read(key): Promise<Readable | null> {
      const handle = await open(key);
      return handle ? handle.createReadStream() : null;
    },

    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async removeAll(folder) {
      await fs.rm(pathOf(folder), { recursive: true, force: true });
    },

    async serve(key): Promise<ServedObject | null> {
      // One open file for both the size and the bytes, so they cannot disagree.
      const handle = await open(key);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { kind: 'stream', stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async close() {},
  };
}
