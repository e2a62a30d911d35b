import { z } from 'zod';

// The single contract between the auth islands and the API. Messages are the spec's texts.
const noControl = /^[^\u0000-\u001f\u007f]*$/;

export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may only contain letters, numbers, dots, dashes and underscores');

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .email('Please enter a valid email address');

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')
  .regex(noControl, 'Password contains characters that are not allowed');

export const loginSchema = z.object({
  username: z.string({ error: 'Username must be at least 3 characters' }).trim().min(3, 'Username must be at least 3 characters').max(254, 'Username is too long'),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').max(200, 'Password must be at most 200 characters'),
});

export const registerSchema = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
});

export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const updateProfileSchema = z
  .object({
    username: usernameField,
    email: emailField,
    currentPassword: z.string({ error: 'Current password must be at least 6 characters' }).min(6, 'Current password must be at least 6 characters').max(200, 'Password must be at most 200 characters'),
    newPassword: z
      .string()
      .max(200, 'Password must be at most 200 characters')
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= 6, 'New password must be at least 6 characters'),
    confirmNewPassword: z.string().max(200).optional(),
  })
  .refine((v) => !v.newPassword || v.newPassword === v.confirmNewPassword, {
    message: "Passwords don't match",
    path: ['confirmNewPassword'],
  });

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Password is required to delete your account' }).min(1, 'Password is required to delete your account').max(200, 'Password must be at most 200 characters'),
});

export const forgotPasswordSchema = z.object({
  email: z.string({ error: 'Please enter your email address' }).trim().min(1, 'Please enter your email address').max(254, 'Please enter a valid email address').email('Please enter a valid email address'),
});

export const verifyResetCodeSchema = z.object({
  resetToken: z.string({ error: 'The reset request is missing' }).min(10, 'The reset request is missing').max(100, 'The reset request is invalid'),
  code: z.string({ error: 'Enter the 6-digit code from the e-mail' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail'),
});

export const resetPasswordSchema = verifyResetCodeSchema.extend({
  userId: z.coerce.number({ error: 'The reset request is invalid' }).int().positive('The reset request is invalid'),
  username: z.string().max(254).optional(),
  email: z.string().max(254).optional(),
  newPassword: z.string({ error: 'Password must be at least 6 characters.' }).min(6, 'Password must be at least 6 characters.').max(200, 'Password must be at most 200 characters'),
});

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
