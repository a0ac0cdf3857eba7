import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.js';

/**
 * A fresh, migrated database for one test file: a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set, else an
 * in-memory PGlite. `close` drops what it created.
 */
export async function createTestDatabase(
  kind: 'default' | 'pglite' | 'postgresql' = 'default',
): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const usePostgres = kind === 'postgresql' || (kind === 'default' && !!url);
  if (!usePostgres) return openPglite(undefined);
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `loci_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openPostgres(target.toString());
  return {
    ...handle,
    // For tests that start server processes of their own on the same database.
    url: target.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Whether the PostgreSQL tests must run (CI sets LOCI_REQUIRE_POSTGRES=1 so none is skipped). */
export function postgresAvailable(): boolean {
  if (process.env.TEST_DATABASE_URL) return true;
  if (process.env.LOCI_REQUIRE_POSTGRES === '1')
    throw new Error('LOCI_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  return false;
}
