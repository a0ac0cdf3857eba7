import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { ADMIN, artifacts, mailDir } from './env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
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

/** Starts a real SMTP server that files each message as JSON, and a real Loci server that mails through it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  mkdirSync(path.join(artifacts, 'screens'), { recursive: true });

  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            count += 1;
            const to = (mail.to ?? []).map((a) => a.address);
            const file = path.join(mailDir, `${String(count).padStart(4, '0')}.json`);
            writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
            callback();
          })
          .catch(callback);
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(artifacts, 'data');
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOCI_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Loci <no-reply@loci.test>',
      LOCI_ADMIN_EMAIL: ADMIN.email,
      LOCI_ADMIN_PASSWORD: ADMIN.password,
      LOCI_RATE_LIMIT: '1000',
      // play/trade.spec.ts makes eleven proposals in a few seconds to reach the cap on open ones.
      LOCI_TRADE_PROPOSAL_RATE: '120',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 60_000;
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
      smtp.close();
      throw new Error('Loci did not become ready within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.LOCI_E2E_BASE_URL = baseUrl;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
