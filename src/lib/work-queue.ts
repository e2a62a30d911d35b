/**
 * Runs at most `concurrency` jobs at once; up to `maxQueue` more wait in order. Beyond that, or when one
 * caller (`key`, e.g. a client address) already has `perKey` jobs running or waiting, `run` refuses at once
 * with QueueFull, so a burst from one client cannot make everyone else wait.
 */
export class QueueFull extends Error {
  constructor(public retryAfterSeconds: number) {
    super('queue full');
  }
}

export interface WorkQueue {
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(opts: { concurrency: number; maxQueue: number; perKey: number; typicalJobMs?: number }): WorkQueue {
  const waiting: (() => void)[] = [];
  const perKey = new Map<string, number>();
  let running = 0;
  const retryAfter = () => Math.max(1, Math.ceil(((waiting.length + 1) * (opts.typicalJobMs ?? 100)) / opts.concurrency / 1000));

  const release = (key: string) => {
    const n = (perKey.get(key) ?? 1) - 1;
    if (n > 0) perKey.set(key, n);
    else perKey.delete(key);
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run(key, job) {
      const mine = perKey.get(key) ?? 0;
      if (mine >= opts.perKey || (running >= opts.concurrency && waiting.length >= opts.maxQueue)) throw new QueueFull(retryAfter());
      perKey.set(key, mine + 1);
      // A slot passes straight from a finishing job to the next waiter, so `running` never over-counts.
      if (running < opts.concurrency) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        release(key);
      }
    },
  };
}
