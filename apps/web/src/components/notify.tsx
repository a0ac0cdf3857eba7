import { TOAST_AUTO_CLOSE_MS } from '@loci/domain';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { isApiError } from '../api/client';
import i18n from '../i18n';

function describeData(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message } = body as { message?: unknown };
  return typeof message === 'string' ? message : JSON.stringify(body);
}

/**
 * The failure toast of spec 1 §8. With an answer: the title is the message and
 * the body is status and status text (plus the answer's data, except for 404).
 * Without an answer: 'No response from server' and the message.
 * The id is stable per message, so the same failure never shows twice at once.
 */
export function notifyError(message: string, error?: unknown): void {
  let title: string;
  let body: string;
  if (isApiError(error)) {
    title = message;
    const data = error.status === 404 ? '' : describeData(error.body);
    body = [`${error.status} ${error.statusText}`.trim(), data].filter(Boolean).join(' — ');
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
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/** A success toast; the id is stable per message to prevent duplicates. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    id: `success:${title ?? ''}:${message}`,
    title,
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/** A neutral toast (e.g. the session ended). */
export function notifyInfo(message: string, title?: string): void {
  notifications.show({ id: `info:${message}`, title, message, autoClose: TOAST_AUTO_CLOSE_MS });
}
