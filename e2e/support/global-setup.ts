import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { artifacts, mailDir } from './env.js';
import { freePort, startLociServer } from './loci-server.js';

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

  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  // Specs that start a server of their own (one they restart) mail through the same SMTP server.
  process.env.LOCI_E2E_SMTP_URL = smtpUrl;
  const server = await startLociServer({
    port: await freePort(),
    dataDir: path.join(artifacts, 'data'),
    smtpUrl,
    // play/trade.spec.ts makes eleven proposals in a few seconds to reach the cap on open ones.
    env: { LOCI_TRADE_PROPOSAL_RATE: '120' },
  }).catch((error: unknown) => {
    // Not left running behind the failed run.
    smtp.close();
    throw error;
  });
  const { baseUrl } = server;
  process.env.LOCI_E2E_BASE_URL = baseUrl;

  return async () => {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
