import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors.js';
import { createTestDatabase, postgresAvailable } from '../test/database.js';
import { postgresWarnings, withoutJit, type DatabaseHandle } from './client.js';
import { users } from './schema.js';

const kinds = ['pglite', ...(postgresAvailable() ? ['postgresql' as const] : [])] as const;

describe.each(kinds)('#db on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('runs every migration on a fresh database', async () => {
    expect(database.kind).toBe(kind);
    // Both drivers answer raw queries as { rows }.
    const result = (await database.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: Array<{ count: number }>;
    };
    expect(Number(result.rows[0]?.count)).toBeGreaterThanOrEqual(1);
  });

  it('round-trips a user with its defaults, JSON role request and timestamps', async () => {
    const confirmedAt = new Date('2024-03-04T05:06:07.000Z');
    const [inserted] = await database.db
      .insert(users)
      .values({
        name: 'Round Trip',
        email: 'round@trip.test',
        passwordHash: 'hash',
        confirmedAt,
        roleRequest: { role: 'designer', date: '2024-03-04T05:06:07.000Z' },
      })
      .returning();
    const [row] = await database.db.select().from(users).where(eq(users.id, inserted!.id));
    expect(row).toMatchObject({
      name: 'Round Trip',
      email: 'round@trip.test',
      role: 'player',
      credentialsVersion: 0,
      confirmedAt,
      roleRequest: { role: 'designer', date: '2024-03-04T05:06:07.000Z' },
      googleId: null,
    });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a second account with the same email through the unique index', async () => {
    await database.db.insert(users).values({ name: 'First', email: 'dup@example.test' });
    const error = await database.db
      .insert(users)
      .values({ name: 'Second', email: 'dup@example.test' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true);
    expect(await database.db.$count(users, eq(users.email, 'dup@example.test'))).toBe(1);
  });

  it('allows many accounts without a Google id but refuses a Google id twice', async () => {
    await database.db.insert(users).values([
      { name: 'A', email: 'a@nogoogle.test' },
      { name: 'B', email: 'b@nogoogle.test' },
    ]);
    await database.db.insert(users).values({ name: 'G1', email: 'g1@google.test', googleId: 'same' });
    const error = await database.db
      .insert(users)
      .values({ name: 'G2', email: 'g2@google.test', googleId: 'same' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'users_google_id_unique')).toBe(true);
  });

  it.runIf(kind === 'postgresql')('plans every pooled connection without JIT compilation', async () => {
    // Ten at once hold ten of the pool's connections: each was set up when it opened, not only the first.
    const rows = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.query<{ jit: string; pid: number }>(
          '',
          `select current_setting('jit') as jit, pg_backend_pid() as pid from pg_sleep(0.05)`,
          [],
        ),
      ),
    );
    expect(new Set(rows.map(([row]) => row!.pid)).size).toBeGreaterThan(1);
    expect(rows.map(([row]) => row!.jit)).toEqual(Array(10).fill('off'));
  });

  it('warns at start when PostgreSQL runs without autovacuum, and only then', async () => {
    const warnings = await postgresWarnings(database);
    if (kind === 'pglite') return expect(warnings).toEqual([]);
    const [row] = await database.query<{ on: boolean }>('', `select current_setting('autovacuum') = 'on' as on`, []);
    expect(warnings.length > 0).toBe(!row!.on);
    if (warnings.length > 0) expect(warnings[0]).toContain('autovacuum off');
  });
});

describe('#db withoutJit', () => {
  it('adds JIT off to the options a PostgreSQL URL names, keeping the rest of the URL', () => {
    expect(withoutJit('postgres://loci:s%40cret@db.example:5433/loci?sslmode=require')).toEqual({
      connectionString: 'postgres://loci:s%40cret@db.example:5433/loci?sslmode=require',
      options: '-c jit=off',
    });
    const own = withoutJit('postgres://db.example/loci?options=-c%20statement_timeout%3D5000&sslmode=require');
    expect(own).toEqual({
      connectionString: 'postgres://db.example/loci?sslmode=require',
      options: '-c statement_timeout=5000 -c jit=off',
    });
  });
});
