import { z } from 'zod';

/**
 * The product's password wording, shared by every page that asks for a new password (sign-up,
 * Account Settings, the reset page), so they never drift apart. The texts are the original
 * client's, word for word; the rule itself (at least 8 characters, not only numbers, not a common
 * password, not like the email) is the API's, which answers its own messages on top.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_HINT = 'Your new password must be more than 8 characters.';
export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 8 characters';
export const CONFIRM_PASSWORD_MISSING = 'Confirm your new password';
export const PASSWORDS_DIFFER = "Passwords don't match";

/** A new password and its confirmation, with the messages above. */
export const newPasswordSchema = z
  .object({
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, CONFIRM_PASSWORD_MISSING),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/** How long a mailed reset link works: RESET_LINK_SECONDS of apps/api/src/modules/auth/password-reset.ts, in words. */
export const RESET_LINK_LIFETIME = '1 hour';
