import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ensureAdmin } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, postgresWarnings, type DatabaseHandle } from './db/client.js';
import { answerClusterMetrics, shareWithCluster } from './lib/metrics.js';
import { startRealtime } from './modules/realtime/server.js';
import { groupedStatementSizes } from './modules/runtime/player-event.js';

/** A worker that exits this soon after it started failed to start: the cluster stops rather than loop. */
const START_GRACE_MS = 10_000;

/**
 * Migrates and creates the first administrator, once, before anything serves:
 * in a cluster the primary does it and then starts the workers, so neither the
 * migrations nor the first-start admin creation can race between processes.
 */
async function prepareDatabase(config: Config, database: DatabaseHandle): Promise<void> {
  for (const warning of await postgresWarnings(database)) process.stderr.write(`Warning: ${warning}\n`);
  const bootstrap = await ensureAdmin(config, database);
  if (bootstrap.createdAdmin) process.stdout.write(`Created the administrator ${bootstrap.createdAdmin}\n`);
  if (bootstrap.generatedAdmin) {
    // Printed once, on the start that created the embedded database; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Loci created an administrator for this new data folder:\n` +
        `    email:    ${bootstrap.generatedAdmin.email}\n    password: ${bootstrap.generatedAdmin.password}\n` +
        `  Keep it now: it will not be shown again.\n\n`,
    );
  }
}

/** One server process: the app on the port (shared by every worker of a cluster) and Socket.IO beside it. */
async function serve(config: Config): Promise<void> {
  // A cluster's worker: its primary migrated and made the administrator before starting it.
  const database = await openDatabase({ ...config, migrate: !cluster.isWorker });
  if (!cluster.isWorker) await prepareDatabase(config, database);
  const app = await buildApp({ config, database });
  // A worker's metrics are summed with the others' by the primary (answerClusterMetrics) for any worker's scrape.
  shareWithCluster(app.ctx.metrics);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    // The bench's measure of how the player events' reads and writes were grouped (bench/README.md "play").
    const statsDir = process.env.LOCI_BATCH_STATS_DIR;
    if (statsDir)
      writeFileSync(path.join(statsDir, `${process.pid}.json`), JSON.stringify(groupedStatementSizes(database)));
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Socket.IO shares the HTTP server; with REDIS_URL it fails here, loudly, when Redis cannot be reached.
  app.ctx.realtime = await startRealtime(app.ctx, app.server);
  if (cluster.isWorker) {
    app.log.info(`Loci worker ${cluster.worker!.id} of ${config.workers.count} serving (database: ${database.kind})`);
  } else {
    if (config.workers.reason) app.log.warn(config.workers.reason);
    app.log.info(`Loci console at ${config.publicUrl}/fe (database: ${database.kind})`);
  }
}

/**
 * The primary of a cluster (LOCI_WORKERS > 1): prepares the database, then
 * starts the workers, which share the port (node:cluster hands each new
 * connection to one of them), and starts a worker again when one dies. A
 * worker that dies while starting stops the whole server (a wrong setting
 * would otherwise restart forever). SIGTERM / SIGINT stop every worker, then
 * the primary.
 */
async function runCluster(config: Config): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const database = await openDatabase(config);
  try {
    await prepareDatabase(config, database);
  } finally {
    await database.close();
  }
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (lived < START_GRACE_MS && code !== 0) {
      process.stderr.write(`Loci worker ${worker.id} failed while starting (exit ${code}); stopping the server\n`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    process.stderr.write(`Loci worker ${worker.id} died (${signal ?? `exit ${code}`}); starting another\n`);
    fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, stopping ${config.workers.count} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  answerClusterMetrics();
  for (let i = 0; i < config.workers.count; i += 1) fork();
  say(
    `Loci console at ${config.publicUrl}/fe: ${config.workers.count} workers on port ${config.port} (database: postgresql, Socket.IO over Redis)`,
  );
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers.count > 1) return runCluster(config);
  return serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Loci failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
