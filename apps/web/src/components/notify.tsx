import { TOAST_AUTO_CLOSE_MS, TOAST_ERROR_AUTO_CLOSE_MS } from '@loci/domain';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { isApiError } from '../api/client';
import i18n from '../i18n';
import { inInterfaceLanguage } from '../i18n/domain';
import './notify-locales';

/** The server's own message for the user, when its answer has one. */
function serverMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message } = body as { message?: unknown };
  return typeof message === 'string' ? message.trim() : '';
}

/** A sentence for the user about a failed answer: the server's message, else one by status (never "409 Conflict"). */
export function userErrorText(status: number, body: unknown): string {
  const fromServer = serverMessage(body);
  if (fromServer) return fromServer;
  const known = [400, 401, 403, 404, 409, 413, 429];
  return i18n.t(`errors.status.${known.includes(status) ? status : 'server'}`);
}

/**
 * The failure toast of spec 1 §8, speaking to the user (issue 14). With an
 * answer: the title is the message and the body is what the server said (or a
 * sentence for its status) — no HTTP status codes. Without an answer: 'No
 * response from server' and the message.
 * The id is stable per message, so the same failure never shows twice at once.
 * A message that is one of @loci/domain's English texts shows in the interface language.
 */
export function notifyError(english: string, error?: unknown): void {
  const message = inInterfaceLanguage(english);
  let title: string;
  let body: string;
  if (isApiError(error)) {
    title = message;
    body = userErrorText(error.status, error.body);
  } else if (error) {
    title = i18n.t('errors.noResponse');
    body = message;
  } else {
    title = i18n.t('errors.title');
    body = message;
  }
  notifications.show({
    id: `error:${message}`,
    title,
    message: body,
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    autoClose: TOAST_ERROR_AUTO_CLOSE_MS,
  });
}

/** A success toast (a domain text in the interface language); the id is stable per message to prevent duplicates. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    id: `success:${title ?? ''}:${message}`,
    title: title === undefined ? undefined : inInterfaceLanguage(title),
    message: inInterfaceLanguage(message),
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

export { notifyInfo } from './notify-info';
