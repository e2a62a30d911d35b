import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { PartFailure, failedPart } from '../errors';
import { assertSafeKey, type Storage } from './types';

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const ABSENT = new Set(['ENOENT', 'ENOTDIR']);

/** A full disk (ENOSPC, EDQUOT) is the disk failing (507); any other file-system error is the store failing (503). */
const failure = (err: unknown) => new PartFailure(failedPart(err) === 'disk' ? 'disk' : 'storage', err);

/** Files in one folder; writes go to a temporary name first and are renamed into place. */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  let ready: Promise<unknown> | null = null;
  // Forgotten when it fails, so a folder that could not be made (a full disk) is tried again next time.
  const ensureDir = () =>
    (ready ??= fsp.mkdir(root, { recursive: true }).catch((err) => {
      ready = null;
      throw err;
    }));

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      void contentType; // the type follows from the extension when served
      const target = file(key);
      const tmp = path.join(root, `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await ensureDir();
        await fsp.writeFile(tmp, bytes, { flag: 'wx' });
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true }).catch(() => {});
        throw failure(err);
      }
    },
    async get(key) {
      const target = file(key);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(target);
      } catch (err) {
        if (ABSENT.has(codeOf(err) ?? '')) return null;
        throw failure(err);
      }
      if (!stat.isFile()) return null;
      const body = Readable.toWeb(fs.createReadStream(target)) as unknown as ReadableStream<Uint8Array>;
      return { body, contentType: 'application/octet-stream', size: stat.size };
    },
    async delete(key) {
      const target = file(key);
      try {
        await fsp.rm(target, { force: true });
      } catch (err) {
        throw failure(err);
      }
    },
    async exists(key) {
      const target = file(key);
      try {
        return (await fsp.stat(target)).isFile();
      } catch (err) {
        if (ABSENT.has(codeOf(err) ?? '')) return false;
        throw failure(err);
      }
    },
    async check() {
      try {
        await ensureDir();
        await fsp.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
