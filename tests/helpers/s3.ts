import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Keys currently stored in the bucket. */
  keys(): Promise<string[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** An in-process S3-compatible server (s3rver) on a random port, with one bucket, in a temp directory. */
export async function startS3(bucket = 'payewise-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys = async () => {
    const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    async clear() {
      const k = await keys();
      if (k.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: k.map((Key) => ({ Key })) } }));
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface HangingS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Connections the app has open to it right now. */
  open(): number;
  /** Connections it has accepted so far. */
  accepted(): number;
  stop(): Promise<void>;
}

/**
 * An S3 endpoint that accepts connections and never answers: what a wedged store or a black-holing proxy looks
 * like from the app. With `stallAfter` it answers a GET with a 200 promising that many bytes and more, sends that
 * many, then stalls mid-body.
 */
export async function startHangingS3(opts: { stallAfter?: number } = {}, bucket = 'payewise-test'): Promise<HangingS3> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let head = '';
    socket.on('data', (d) => {
      // Read (and drop) what is sent, so a PUT's body never pushes back on the app.
      if (opts.stallAfter === undefined || head.includes('\r\n\r\n')) return;
      head += d.toString('latin1');
      if (head.startsWith('GET ') && head.includes('\r\n\r\n')) {
        const n = opts.stallAfter;
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: ${n * 2}\r\n\r\n`);
        socket.write(Buffer.alloc(n, 0x20));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    open: () => sockets.size,
    accepted: () => accepted,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
