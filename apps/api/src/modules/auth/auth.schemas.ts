import { z } from 'zod';
import { emailField, named } from '../../core/schema-registry.ts';

export const userSchema = named(
  'customUser',
  z.object({
    id: z.number().int(),
    email: z.string(),
    email_verified: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string().nullable(),
    get_display_name: z.string(),
    is_staff: z.boolean(),
    otp_enabled: z.boolean(),
    date_joined: z.string(),
  }),
);

export const sessionSchema = named('jwt', z.object({ access: z.string(), refresh: z.string(), user: userSchema }));

export const loginRequest = named('loginRequest', z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1024) }));
export const loginResponse = named(
  'loginResponse',
  z.union([
    z.object({ status: z.literal('success'), detail: z.string(), jwt: sessionSchema }),
    z.object({ status: z.literal('otp_required'), detail: z.string(), temp_otp_token: z.string() }),
  ]),
);

export const registerRequest = named(
  'registerRequest',
  z.object({
    email: emailField,
    password1: z.string().min(1).max(1024),
    password2: z.string().min(1).max(1024),
    first_name: z.string().max(150).optional(),
    last_name: z.string().max(150).optional(),
    invitation_id: z.uuid().optional(),
  }),
);

export const otpRequestRequest = named('otpRequestRequest', z.object({ temp_otp_token: z.string().min(1).max(100), otp: z.string().min(1).max(64) }));
export const otpCodeRequest = named('otpCodeRequest', z.object({ otp: z.string().min(1).max(64) }));
export const otpSetupResponse = named('otpSetup', z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }));

export const tokenRefreshRequest = named('tokenRefreshRequest', z.object({ refresh: z.string().min(1) }));
export const tokenRefreshResponse = named(
  'tokenRefresh',
  z.object({ access: z.string(), refresh: z.string(), access_expiration: z.string(), refresh_expiration: z.string() }),
);
export const tokenVerifyRequest = named('tokenVerifyRequest', z.object({ token: z.string().min(1) }));
export const verifyEmailRequest = named('verifyEmailRequest', z.object({ key: z.string().min(1).max(200) }));
export const verifyEmailResponse = named('verifyEmailResponse', z.object({ detail: z.string(), email: z.string() }));

export const logoutRequest = named('logoutRequest', z.object({ refresh: z.string().optional() }));

export const customUserRequest = named(
  'customUserRequest',
  z.object({ email: emailField, first_name: z.string().max(150).optional(), last_name: z.string().max(150).optional() }),
);
export const patchedCustomUserRequest = named('patchedCustomUserRequest', customUserRequest.partial());

export const passwordChangeRequest = named(
  'passwordChangeRequest',
  z.object({ new_password1: z.string().min(1).max(1024), new_password2: z.string().min(1).max(1024), old_password: z.string().max(1024).optional() }),
);

export const reauthenticationRequired = named(
  'reauthenticationRequired',
  z.object({ detail: z.string(), code: z.literal('reauthentication_required') }).describe('The sign-in is too old for this change: sign in again (`POST login/`), then retry.'),
);

export const passwordResetRequest = named('passwordResetRequest', z.object({ email: emailField }));
export const passwordResetCheckRequest = named(
  'passwordResetCheckRequest',
  z.object({
    uid: z.string().min(1).max(64),
    token: z.string().min(1).max(128),
  }),
);

export const passwordResetConfirmRequest = named(
  'passwordResetConfirmRequest',
  z.object({
    uid: z.string().min(1).max(64),
    token: z.string().min(1).max(128),
    new_password1: z.string().min(1).max(1024),
    new_password2: z.string().min(1).max(1024),
  }),
);
