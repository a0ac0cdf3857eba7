import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './env.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits until the test SMTP server has received a mail to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(mailDir)) {
      const files = readdirSync(mailDir).sort().reverse();
      for (const file of files) {
        const mail = JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as ReceivedMail;
        if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail that points at `pathPart`. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in mail "${mail.subject}"`);
  return link;
}
