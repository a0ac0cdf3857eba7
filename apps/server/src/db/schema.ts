import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@loci/domain';

/** Accounts. Email is stored lower-cased; a social-only account has no password hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('player'),
    roleRequest: jsonb('role_request').$type<{ role: Role; date: string } | null>(),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    appleId: text('apple_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Bumped whenever the password changes, so that a reset link works once. */
    credentialsVersion: integer('credentials_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_id_unique').on(t.googleId).where(sql`${t.googleId} is not null`),
    uniqueIndex('users_facebook_id_unique').on(t.facebookId).where(sql`${t.facebookId} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
