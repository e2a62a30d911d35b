import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertSafeKey, type Storage } from './types';

/** Files in one folder; writes go to a temporary name first and are renamed into place. */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= fsp.mkdir(root, { recursive: true }));

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      void contentType; // the type follows from the extension when served
      const target = file(key);
      await ensureDir();
      const tmp = path.join(root, `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await fsp.writeFile(tmp, bytes, { flag: 'wx' });
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const target = file(key);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      if (!stat.isFile()) return null;
      const body = Readable.toWeb(fs.createReadStream(target)) as unknown as ReadableStream<Uint8Array>;
      return { body, contentType: 'application/octet-stream', size: stat.size };
    },
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fsp.stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
