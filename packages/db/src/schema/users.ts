import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  // proven by a link mailed to it, or by registering through an invitation mailed to it
  emailVerified: boolean('email_verified').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  avatarKey: text('avatar_key'),
  isStaff: boolean('is_staff').notNull().default(false),
  otpSecret: text('otp_secret'),
  otpEnabled: boolean('otp_enabled').notNull().default(false),
  // the RFC 6238 time step of the last TOTP code accepted: a code of this step or an earlier one is refused (RFC 6238 §5.2)
  otpLastUsedStep: integer('otp_last_used_step'),
  // hashes of unused recovery codes; a used code is removed
  otpRecoveryCodes: text('otp_recovery_codes').array().notNull().default([]),
  // bumped whenever something should invalidate access tokens (password change, logout everywhere)
  tokenVersion: integer('token_version').notNull().default(0),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
