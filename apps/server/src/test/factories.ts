import { randomBytes } from 'node:crypto';
import type { Role } from '@loci/domain';
import type { AppContext } from '../context.js';
import { users, type UserRow } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';

/** The password factories give accounts unless told otherwise. */
export const DEFAULT_PASSWORD = 'correct horse battery';

// argon2 is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A unique, valid, lower-case email address. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

export interface TestUser {
  user: UserRow;
  /** The clear password, or null for a social-only account. */
  password: string | null;
  /** A valid access token for this user. */
  token: string;
  /** Headers that sign a request in as this user. */
  headers: { authorization: string };
}

/**
 * Creates an account straight in the database. Defaults: a confirmed player
 * with DEFAULT_PASSWORD. `password: null` makes a social-only account.
 */
export async function createUser(
  ctx: AppContext,
  options: {
    name?: string;
    email?: string;
    role?: Role;
    confirmed?: boolean;
    password?: string | null;
    roleRequest?: { role: Role; date: string } | null;
    googleId?: string;
    facebookId?: string;
  } = {},
): Promise<TestUser> {
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  const role = options.role ?? 'player';
  const [user] = await ctx.db
    .insert(users)
    .values({
      name: options.name ?? `Test ${role}`,
      email: (options.email ?? uniqueEmail(role)).toLowerCase(),
      passwordHash: password === null ? null : await cachedHash(password),
      role,
      roleRequest: options.roleRequest ?? null,
      googleId: options.googleId ?? null,
      facebookId: options.facebookId ?? null,
      confirmedAt: options.confirmed === false ? null : ctx.now(),
    })
    .returning();
  if (!user) throw new Error('createUser: insert returned no row');
  const token = await ctx.tokens.sign(user);
  return { user, password, token, headers: authHeaders(token) };
}

/** The Authorization header for a token. */
export function authHeaders(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
