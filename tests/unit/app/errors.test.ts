import { describe, expect, it } from 'vitest';
import { DatabaseDeadline } from '../../../db/deadlines';
import { AppError, ERROR_CODES, PART_FAILURES, PartFailure, failedPart, isAppError, type ErrorCode } from '../../../src/errors';

describe('which outside part failed', () => {
  const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

  it('names a full disk, whether Node or PostgreSQL says so, however deep the driver wrapped it', () => {
    expect(failedPart(errno('ENOSPC'))).toBe('disk');
    expect(failedPart(Object.assign(new Error('could not extend file'), { code: '53100', severity: 'ERROR' }))).toBe('disk');
    expect(failedPart(new Error('Failed query', { cause: new Error('could not write to file "base/1/2": No space left on device') }))).toBe(
      'disk',
    );
  });

  it('names the database for a lost connection and for a deadline, and a PartFailure for its own part', () => {
    expect(failedPart(errno('ECONNREFUSED'))).toBe('database');
    expect(failedPart(new Error('Failed query', { cause: new DatabaseDeadline('The database is not answering') }))).toBe('database');
    expect(failedPart(new PartFailure('storage', errno('ETIMEDOUT')))).toBe('storage');
    expect(failedPart(new Error('wrapped', { cause: new PartFailure('mail') }))).toBe('mail');
  });

  it('names nothing for an ordinary bug', () => {
    expect(failedPart(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
  });

  it('a part failure goes out with its part status, words and Retry-After', () => {
    const storage = new PartFailure('storage');
    expect([storage.status, storage.message, storage.retryAfter]).toEqual([
      503,
      'Attachments are temporarily unavailable. Please try again in a moment.',
      30,
    ]);
    expect(PART_FAILURES.disk).toEqual({
      code: 'out_of_space',
      message: 'The server is out of storage space. Please try again later.',
      retryAfter: 300,
    });
    expect(new PartFailure('disk').status).toBe(507);
  });

  it('takes its status from its code alone, through the one table', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(new AppError(code as ErrorCode, 'x').status).toBe(status);
    expect(new AppError('not_found', 'Client not found')).toMatchObject({ code: 'not_found', status: 404, message: 'Client not found' });
    expect(isAppError(new AppError('conflict', 'x'), 'conflict')).toBe(true);
    expect(isAppError(new AppError('conflict', 'x'), 'not_found')).toBe(false);
    expect(isAppError(new Error('x'), 'not_found')).toBe(false);
  });
});
