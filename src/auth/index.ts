// Accounts and sign-in, as other folders may use them. Inside: the service (sign-up, sessions, resets), password
// hashing, the database's rate limiter and the throttle's pure rules.
export { createAuthService, toPublicUser, SESSION_DAYS, TRIAL_DAYS, type AuthService } from './service';
export { createPasswords, type HashingLimits } from './password';
export { createRateLimiter, limitReached, type RateLimiter } from './rate-limit';
export type { AuthLimits } from './throttle';
