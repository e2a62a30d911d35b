import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { PartFailure } from '../errors';
import { assertSafeKey, type Storage } from './types';

type S3Failure = { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
const isMissing = (e: unknown) => {
  const err = e as S3Failure | undefined;
  if (err?.name === 'NoSuchBucket' || err?.Code === 'NoSuchBucket') return false; // a misconfiguration, not a missing file
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.Code === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
};

/** Tries per call: one retry for a blip, no more, so a store that does not answer costs a bounded wait. */
const S3_ATTEMPTS = 2;

/** Any S3-compatible store (AWS, MinIO, R2, s3rver in tests). */
export function createS3Storage(cfg: NonNullable<Config['s3']>): Storage {
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials:
      cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    // Only checksum when the service asks; S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: S3_ATTEMPTS,
    // The SDK's NodeHttpHandler, from its options. Without these a server that accepts and never answers holds the
    // request (and its socket) forever. socketTimeout is inactivity, so it also ends a download whose body stalls.
    requestHandler: {
      connectionTimeout: cfg.connectTimeoutMs,
      requestTimeout: cfg.timeoutMs,
      socketTimeout: cfg.timeoutMs,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = cfg.bucket;
  // One attempt's worth: a retry fits in it only after a quick failure, so a store that hangs costs one timeout, not
  // two. Past it the call is aborted and its socket destroyed.
  const deadlineMs = cfg.connectTimeoutMs + cfg.timeoutMs;

  /** One call within `ms`; whatever fails but "no such key" is the storage part failing. */
  async function bounded<T>(call: (abortSignal: AbortSignal) => Promise<T>, ms = deadlineMs): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`S3 did not answer within ${ms} ms`)), ms);
    try {
      return await call(deadline.signal);
    } catch (err) {
      throw isMissing(err) ? err : new PartFailure('storage', err);
    } finally {
      // Cleared once answered: a download's body then streams for as long as it keeps moving (socketTimeout).
      clearTimeout(timer);
    }
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await bounded((abortSignal) =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }), {
          abortSignal,
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await bounded((abortSignal) => client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal }));
        if (!out.Body) return null;
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await bounded((abortSignal) => client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await bounded((abortSignal) => client.send(new HeadObjectCommand({ Bucket, Key: key }), { abortSignal }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async check() {
      // Quick enough for a health check: a connect and a short answer, never the full retrying deadline.
      const ms = Math.min(cfg.connectTimeoutMs + 1000, 2000);
      try {
        await bounded((abortSignal) => client.send(new HeadBucketCommand({ Bucket }), { abortSignal }), ms);
        return true;
      } catch {
        return false;
      }
    },
  };
}
