import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { users } from './db/schema.js';
import { hashPassword } from './lib/passwords.js';

export interface BootstrapResult {
  /** Set when start created an admin with a random password that must be shown once. */
  generatedAdmin?: { email: string; password: string };
  /** Set when the configured admin was created. */
  createdAdmin?: string;
}

/**
 * Makes sure an administrator exists: the configured one (LOCI_ADMIN_EMAIL and
 * LOCI_ADMIN_PASSWORD) if missing, or — on a freshly created embedded database
 * with none configured — one with a random password.
 */
export async function ensureAdmin(
  config: Config,
  database: DatabaseHandle,
  now: Date = new Date(),
): Promise<BootstrapResult> {
  const { db } = database;
  if (config.admin) {
    const [existing] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, config.admin.email));
    if (existing) {
      if (existing.role !== 'admin')
        await db.update(users).set({ role: 'admin', updatedAt: now }).where(eq(users.id, existing.id));
      return {};
    }
    // Several nodes may start at once on one database: the one whose insert lands creates the account.
    const created = await db
      .insert(users)
      .values({
        name: 'Administrator',
        email: config.admin.email,
        passwordHash: await hashPassword(config.admin.password),
        role: 'admin',
        confirmedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return created.length > 0 ? { createdAdmin: config.admin.email } : {};
  }
  if (database.kind !== 'pglite' || !database.created) return {};
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return {};
  const password = randomBytes(12).toString('base64url');
  const email = 'admin@loci.local';
  await db.insert(users).values({
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    confirmedAt: now,
  });
  return { generatedAdmin: { email, password } };
}
