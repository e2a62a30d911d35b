import net from 'node:net';

/**
 * How the proxy treats connections: `pass` forwards; `refuse` closes the port (connections are refused);
 * `reset` accepts and drops every connection at once; `stall` keeps every connection open and forwards nothing
 * (what was sent is lost, as in a network that stopped delivering).
 */
export type ProxyMode = 'pass' | 'refuse' | 'reset' | 'stall';

export interface TcpProxy {
  port: number;
  /** The connections open from the client side, by number (in the order they were made). */
  open(): number[];
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy in front of `target` (e.g. the machine's PostgreSQL) that can be made to fail without touching it. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  type Pair = { id: number; client: net.Socket; upstream?: net.Socket };
  const pairs = new Set<Pair>();
  let made = 0;

  const server = net.createServer((client) => {
    const pair: Pair = { id: made++, client };
    pairs.add(pair);
    client.on('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    client.on('error', () => {});
    if (mode === 'reset') return void client.destroy();
    if (mode === 'stall') return void client.on('data', () => {});
    connect(pair);
  });

  function connect(pair: Pair) {
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  }

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    open: () => [...pairs].map((p) => p.id),
    async set(next) {
      const was = mode;
      mode = next;
      if (next === 'refuse' || next === 'reset') for (const p of pairs) p.client.destroy();
      if (next === 'refuse' && was !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
      if (was === 'refuse' && next !== 'refuse') await listen(port);
      if (next === 'stall') {
        for (const p of pairs) {
          p.client.unpipe();
          p.upstream?.unpipe();
          // Unpiped streams stay paused: resumed, they drop what comes and still see the other side close.
          p.client.on('data', () => {}).resume();
          p.upstream?.on('data', () => {}).resume();
        }
      }
      // Connections stalled before stay dead: a client must notice and open new ones.
    },
    async close() {
      for (const p of pairs) p.client.destroy();
      if (mode !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
