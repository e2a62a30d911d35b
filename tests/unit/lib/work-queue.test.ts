import { describe, expect, it } from 'vitest';
import { QueueFull, createWorkQueue } from '../../../src/lib/work-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('work queue', () => {
  it('runs at most `concurrency` jobs at once and the rest in order', async () => {
    const q = createWorkQueue({ concurrency: 2, maxQueue: 10, perKey: 10 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      q.run('k', async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual([0, 1]);
    expect([q.running, q.waiting]).toEqual([2, 3]);
    gates[1].resolve();
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect([q.running, q.waiting]).toEqual([0, 0]);
  });

  it('refuses at once beyond the queue, with a retry hint', async () => {
    const q = createWorkQueue({ concurrency: 1, maxQueue: 2, perKey: 10, typicalJobMs: 1500 });
    const gate = deferred();
    const held = [0, 1, 2].map(() => q.run('k', () => gate.promise));
    const refused = await q.run('k', async () => 'ran').catch((e) => e);
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfterSeconds).toBe(5);
    gate.resolve();
    await Promise.all(held);
    expect(await q.run('k', async () => 'ran')).toBe('ran');
  });

  it("limits one key's share, so one client cannot crowd out another", async () => {
    const q = createWorkQueue({ concurrency: 1, maxQueue: 10, perKey: 2 });
    const gate = deferred();
    const mine = [q.run('attacker', () => gate.promise), q.run('attacker', () => gate.promise)];
    await expect(q.run('attacker', async () => 'x')).rejects.toBeInstanceOf(QueueFull);
    const other = q.run('someone-else', async () => 'in');
    gate.resolve();
    await Promise.all(mine);
    expect(await other).toBe('in');
  });

  it('frees the slot when a job fails', async () => {
    const q = createWorkQueue({ concurrency: 1, maxQueue: 0, perKey: 1 });
    await expect(
      q.run('k', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await q.run('k', async () => 'after')).toBe('after');
  });
});
