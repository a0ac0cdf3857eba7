import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface LociServer {
  baseUrl: string;
  /** Ends the server as a deploy does (SIGTERM: its graceful shutdown) and waits until it has exited. */
  stop: () => Promise<void>;
}

/**
 * The built server (apps/server/dist) as a child process on `port` and `dataDir`, mailing through `smtpUrl`, its
 * administrator ADMIN; resolves once /api/health answers. Starting it again on the same port and data folder
 * is a restart.
 */
export async function startLociServer(options: {
  port: number;
  dataDir: string;
  smtpUrl: string;
  env?: Record<string, string>;
}): Promise<LociServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOCI_DATA_DIR: options.dataDir,
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: 'Loci <no-reply@loci.test>',
      LOCI_ADMIN_EMAIL: ADMIN.email,
      LOCI_ADMIN_PASSWORD: ADMIN.password,
      LOCI_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Loci exited with ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed run.
      server.kill();
      throw new Error('Loci did not become ready within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
