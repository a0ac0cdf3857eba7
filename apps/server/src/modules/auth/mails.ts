import type { Mail } from '../../lib/mailer.js';
import { escapeHtml } from '../../lib/html.js';

function layout(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link.href);
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${body}
<p><a href="${href}">${escapeHtml(link.label)}</a></p>
<p style="color: #666; font-size: 12px">If the button does not work, copy this address into your browser:<br>${href}</p>
<p>— Loci</p>
</body></html>`;
}

/** The mail sent on sign-up and on "resend confirmation": a link valid for 48 hours. */
export function confirmationMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const lines = [
    `Hello ${name},`,
    'Thank you for signing up to Loci. Please confirm your email address by following this link within 48 hours:',
  ];
  return {
    to,
    subject: 'Confirm your email address for Loci',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not sign up, you can ignore this message.\n\n— Loci\n`,
    html: layout([...lines, 'If you did not sign up, you can ignore this message.'], {
      href: link,
      label: 'Confirm my email address',
    }),
  };
}

/** The mail sent by "forgot password": a link valid for one hour and for one use. */
export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const lines = [
    `Hello ${name},`,
    'Someone (hopefully you) asked to reset the password of your Loci account. Follow this link within one hour to choose a new password:',
  ];
  return {
    to,
    subject: 'Reset your Loci password',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n\n— Loci\n`,
    html: layout([...lines, 'If you did not ask for this, ignore this message: your password stays as it is.'], {
      href: link,
      label: 'Choose a new password',
    }),
  };
}
