import * as z from 'zod/mini';

// The single contract between the auth islands and the API. Messages are the spec's texts.
// zod/mini keeps the islands' bundle small; the API validates with the same schemas.
const noControl = /^[^\u0000-\u001f\u007f]*$/;
const emailPattern = z.regexes.email;

/** What a username may be, said once for the form and the server (which adds the one-script rule). */
export const USERNAME_RULES = 'Username must be 3 to 50 characters: letters and numbers of one script, dots, dashes and underscores';
export const USERNAME_INVISIBLE = 'Username must not contain invisible characters';

/**
 * Code points that show as nothing, so `admin` followed by one looks like `admin`: Unicode's default-ignorables
 * (they include the variation selectors and the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, named here too),
 * and the Khitan filler, which is not one.
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\u{16FE4}\u115F\u1160\u3164\uFFA0]/u;

export const usernameField = z.string({ error: 'Username is required' }).check(
  z.trim(),
  z.minLength(3, 'Username must be at least 3 characters'),
  z.maxLength(50, USERNAME_RULES),
  z.regex(/^[\p{L}\p{M}\p{N}._-]+$/u, USERNAME_RULES),
  z.refine((v) => !INVISIBLE.test(v), { message: USERNAME_INVISIBLE }),
);

export const emailField = z
  .string({ error: 'Email is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(254, 'Please enter a valid email address'),
    z.regex(emailPattern, 'Please enter a valid email address'),
  );

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .check(
    z.minLength(6, 'Password must be at least 6 characters'),
    z.maxLength(200, 'Password must be at most 200 characters'),
    z.regex(noControl, 'Password contains characters that are not allowed'),
  );

export const loginSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .check(z.trim(), z.minLength(3, 'Username must be at least 3 characters'), z.maxLength(254, 'Username is too long')),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .check(z.minLength(6, 'Password must be at least 6 characters'), z.maxLength(200, 'Password must be at most 200 characters')),
});

export const registerSchema = z.object({ username: usernameField, email: emailField, password: passwordField });

export const registerFormSchema = z
  .extend(registerSchema, { confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }));

const optionalNewPassword = z.pipe(
  z.optional(z.string().check(z.maxLength(200, 'Password must be at most 200 characters'))),
  z.transform((v) => (v ? v : undefined)),
);

export const updateProfileSchema = z
  .object({
    username: usernameField,
    email: emailField,
    currentPassword: z
      .string({ error: 'Current password must be at least 6 characters' })
      .check(z.minLength(6, 'Current password must be at least 6 characters'), z.maxLength(200, 'Password must be at most 200 characters')),
    newPassword: z.pipe(optionalNewPassword, z.optional(z.string().check(z.minLength(6, 'New password must be at least 6 characters')))),
    confirmNewPassword: z.optional(z.string().check(z.maxLength(200, 'Password must be at most 200 characters'))),
  })
  .check(
    z.refine((v) => !v.newPassword || v.newPassword === v.confirmNewPassword, {
      message: "Passwords don't match",
      path: ['confirmNewPassword'],
    }),
  );

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Password is required to delete your account' })
    .check(z.minLength(1, 'Password is required to delete your account'), z.maxLength(200, 'Password must be at most 200 characters')),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email address'),
      z.maxLength(254, 'Please enter a valid email address'),
      z.regex(emailPattern, 'Please enter a valid email address'),
    ),
});

const resetTokenField = z
  .string({ error: 'The reset request is missing' })
  .check(z.minLength(10, 'The reset request is missing'), z.maxLength(100, 'The reset request is invalid'));

export const verifyResetCodeSchema = z.object({
  resetToken: resetTokenField,
  code: z
    .string({ error: 'Enter the 6-digit code from the e-mail' })
    .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')),
});

export const resetPasswordSchema = z.extend(verifyResetCodeSchema, {
  userId: z.coerce
    .number({ error: 'The reset request is invalid' })
    .check(z.int('The reset request is invalid'), z.positive('The reset request is invalid')),
  username: z.optional(z.string().check(z.maxLength(254))),
  email: z.optional(z.string().check(z.maxLength(254))),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters.' })
    .check(z.minLength(6, 'Password must be at least 6 characters.'), z.maxLength(200, 'Password must be at most 200 characters')),
});

export const resetMailStatusSchema = z.object({ resetToken: resetTokenField });

/**
 * Where the reset code's e-mail is: waiting or being sent, sent (or possibly delivered), or delayed by a failing or
 * hanging mail server. For a token of no account, the mail system's state, so the answer does not tell the two apart.
 */
export const resetMailAnswerSchema = z.object({ mail: z.enum(['queued', 'sent', 'delayed']) });
export type ResetMailAnswer = z.infer<typeof resetMailAnswerSchema>;

/** The user as the API returns it: never the password hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  subscriptionStatus: string | null;
  trialEndDate: string | null;
  nextBillingDate: string | null;
  lastLoginAt: string | null;
  totalLogins: number;
  totalChatMessages: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export const FORGOT_PASSWORD_MESSAGE = 'If your email is registered, you will receive reset instructions.';
export const RESET_DONE_MESSAGE = 'Your password has been reset successfully.';

/** The /auth card's tabs; the tab is in the URL, so sign-up links open Register and Back returns to the tab before. */
export type AuthTab = 'login' | 'register';
export const authUrl = (tab: AuthTab) => (tab === 'register' ? '/auth?tab=register' : '/auth');
export const authTabOf = (value: string | null | undefined): AuthTab => (value === 'register' ? 'register' : 'login');
