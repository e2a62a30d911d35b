import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../errors';
import { QueueFull, createWorkQueue } from '../lib/work-queue';

// scrypt is memory-hard and built into Node (no native addon to install). Parameters are stored with each hash.
const DEFAULT = { N: 1 << 15, r: 8, p: 1 };
const KEYLEN = 32;

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 128 * o.N * o.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

async function hashNow(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT);
  return `scrypt$${DEFAULT.N}$${DEFAULT.r}$${DEFAULT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyNow(hash: string, password: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: +N, r: +r, p: +p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface HashingLimits {
  /** Hashes computed at once (default: the number of cores). */
  concurrency: number;
  /** Hashes waiting for a slot; beyond that the server answers 503 at once. */
  maxQueue: number;
  /** Hashes one client may have running or waiting. */
  perClient: number;
}

export const BUSY_MESSAGE = 'The server is busy signing people in. Please try again in a moment.';

/**
 * Password hashing with a bound: each scrypt takes ~100 ms of a core and 32 MB, so an unbounded burst
 * (sign-ups, wrong passwords) would make every other sign-in wait behind it. Callers name the client so
 * that one client's burst is refused before it crowds out others.
 */
export function createPasswords(limits: Partial<HashingLimits> = {}) {
  const concurrency = limits.concurrency ?? Math.max(1, availableParallelism());
  const queue = createWorkQueue({
    concurrency,
    maxQueue: limits.maxQueue ?? concurrency * 4,
    perKey: limits.perClient ?? concurrency,
    typicalJobMs: 100,
  });
  const bounded = async <T>(client: string, job: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(client, job);
    } catch (err) {
      if (err instanceof QueueFull) throw new AppError('unavailable', BUSY_MESSAGE, undefined, err.retryAfterSeconds);
      throw err;
    }
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string, client = 'system') => bounded(client, () => hashNow(password)),
    verify: (hash: string, password: string, client = 'system') => bounded(client, () => verifyNow(hash, password)),
    /** Checks a password for an account that does not exist, so both paths cost the same. */
    async verifyNobody(password: string, client = 'system') {
      dummy ??= hashNow('not-a-real-password');
      await this.verify(await dummy, password, client);
      return false;
    },
    queue,
  };
}
export type Passwords = ReturnType<typeof createPasswords>;
