import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits for a cookie or a link. */
export function generateToken(): string {
  return encodeBase64urlNoPadding(randomBytes(32));
}

/** What we store instead of the token itself (SHA-256, hex). Every signed-in request hashes its cookie: Node's native hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
