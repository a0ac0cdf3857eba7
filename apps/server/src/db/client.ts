import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

/** A Drizzle database on either driver; services only see this type. */
/**
 * The one database type of both drivers: node-postgres's and PGlite's drizzle handles differ only by their
 * query-result types, so each is handed out as this (the two `as unknown as Database` below).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction on the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction on it. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** True when the embedded database was created by this start. */
  created: boolean;
  /**
   * Runs one hand-written statement outside any transaction and returns its
   * rows (JSON columns parsed). On PostgreSQL `name` makes it a named prepared
   * statement, parsed and planned once per connection; the hot path of play
   * uses it where building the statement with drizzle would cost more than
   * running it (runtime/player-event.ts).
   */
  query<Row = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<Row[]>;
  /** PostgreSQL's pool as it is now: its connections, the idle ones, the queries waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The connection settings of `url` with JIT compilation off, as a startup option of every connection (any
 * `options` the URL names kept before it: node-postgres takes the URL's over the config's). Loci's statements
 * are short and many; PostgreSQL compiles one whose estimated cost passes jit_above_cost, and the estimates of
 * a table never analysed grow with its size: in a soak without autovacuum the event's grouped read crossed it
 * after four minutes and took 48–83 ms (30 ms of it compiling) instead of 1.3–1.9 ms (bench/README.md "city").
 */
export function withoutJit(url: string): { connectionString: string; options: string } {
  const jitOff = '-c jit=off';
  try {
    const parsed = new URL(url);
    const own = parsed.searchParams.get('options');
    if (own === null) return { connectionString: url, options: jitOff };
    parsed.searchParams.delete('options');
    return { connectionString: parsed.toString(), options: `${own} ${jitOff}` };
  } catch {
    return { connectionString: url, options: jitOff };
  }
}

/**
 * Opens PostgreSQL at `url` (a pool of `poolSize` connections) and applies every pending migration
 * (unless `migrate` is false: the workers of a cluster, whose primary migrated before starting them).
 */
export async function openPostgres(url: string, poolSize = 10, migrate = true): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ ...withoutJit(url), max: poolSize });
  // An idle connection that the server drops (a restart, a failover, a dropped
  // test database) must not crash the process: the pool replaces it, and the
  // next query reports any lasting problem.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  });
  const db = drizzlePg(pool, { schema });
  if (migrate) await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'postgresql',
    created: false,
    query: async <Row>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[],
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * What the operator of a PostgreSQL server should hear when Loci starts: its settings that Loci's steady state
 * depends on. An event updates its player's row and its instance's on every step; without autovacuum their dead
 * versions and the tables' statistics are never brought up to date, and the tables grow for as long as the
 * server runs (bench/README.md "city", the soak: the players' table at 42 MB for 1,000 rows after seven minutes).
 */
export async function postgresWarnings(database: DatabaseHandle): Promise<string[]> {
  if (database.kind !== 'postgresql') return [];
  const [row] = await database.query<{ autovacuum: string }>(
    '',
    `select current_setting('autovacuum') as autovacuum`,
    [],
  );
  return row?.autovacuum === 'on'
    ? []
    : [
        'PostgreSQL runs with autovacuum off: the tables every event updates (player_states, game_instances) ' +
          'grow until vacuumed and their statistics go stale. Turn it on (autovacuum = on), or run VACUUM ANALYZE ' +
          'on them regularly.',
      ];
}

/**
 * Opens the embedded PGlite database in `dir` (in memory when undefined) and
 * applies every pending migration. A lock file keeps a second process out,
 * since PGlite must be opened by one process only.
 */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  let created = true;
  if (dir) {
    created = !existsSync(path.join(dir, 'PG_VERSION'));
    release = takeProcessLock(`${dir}.lock`);
  }
  const client = new PGlite(dir);
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      created,
      query: async <Row>(_name: string, text: string, values: unknown[]) =>
        (await client.query<Row>(text, values)).rows,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function takeProcessLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && processIsAlive(pid)) {
      throw new Error(
        `The embedded database is in use by process ${pid}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
    rmSync(file, { force: true });
  }
  const fd = openSync(file, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(file, { force: true });
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite in the data folder. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
  /** False in a cluster's workers: the primary applied the migrations (PostgreSQL only). */
  migrate?: boolean;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize, options.migrate ?? true)
    : openPglite(path.join(options.dataDir, 'pglite'));
}
