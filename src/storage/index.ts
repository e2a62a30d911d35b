import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';

export type { Storage, StoredObject } from './types';
export { assertSafeKey } from './types';
import type { Storage } from './types';

/** S3 when configured, else the folder `DATA_DIR/uploads`. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}

export { createLocalStorage, createS3Storage };
