import { buildApp } from './app.js';
import { ensureAdmin } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startRealtime } from './modules/realtime/server.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const bootstrap = await ensureAdmin(config, database);
  if (bootstrap.createdAdmin) app.log.info(`Created the administrator ${bootstrap.createdAdmin}`);
  if (bootstrap.generatedAdmin) {
    // Printed once, on the start that created the embedded database; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Loci created an administrator for this new data folder:\n` +
        `    email:    ${bootstrap.generatedAdmin.email}\n    password: ${bootstrap.generatedAdmin.password}\n` +
        `  Keep it now: it will not be shown again.\n\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Socket.IO shares the HTTP server; with REDIS_URL it fails here, loudly, when Redis cannot be reached.
  app.ctx.realtime = await startRealtime(app.ctx, app.server);
  app.log.info(`Loci console at ${config.publicUrl}/fe (database: ${database.kind})`);
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
