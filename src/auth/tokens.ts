import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes, randomInt } from 'node:crypto';

/** 256 random bits for a cookie or a link. */
export function generateToken(): string {
  return encodeBase64urlNoPadding(randomBytes(32));
}

/** What we store instead of the token itself. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
