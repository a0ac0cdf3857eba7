import type { Role } from '@loci/domain';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';

/** Tells a user what an administrator decided about their role request, and why. */
export function roleDecisionMail({
  to,
  name,
  role,
  approved,
  reason,
  consoleUrl,
}: {
  to: string;
  name: string;
  role: Role;
  approved: boolean;
  reason: string;
  consoleUrl: string;
}): Mail {
  const decision = approved
    ? `Your request to become a ${role} on Loci has been approved. You can now create and design games.`
    : `Your request to become a ${role} on Loci has been rejected.`;
  const lines = [`Hello ${name},`, decision, ...(reason ? [`Reason given by the administrator: ${reason}`] : [])];
  return {
    to,
    subject: approved ? `Your Loci ${role} request was approved` : `Your Loci ${role} request was rejected`,
    text: `${lines.join('\n\n')}\n\n${consoleUrl}\n\n— Loci\n`,
    html: `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(consoleUrl)}">Open Loci</a></p>
<p>— Loci</p>
</body></html>`,
  };
}
