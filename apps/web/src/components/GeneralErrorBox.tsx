import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { firstScreenDrawn } from '../after-load';
import { isApiError, NoResponseError } from '../api/client';

interface Props {
  error: unknown;
  /** Overrides the text of the box; the status text still titles it. */
  message?: string;
  title?: string;
}

/**
 * The box shown above a form or page when its error state carries a status
 * text (a failed call that is not about one field).
 */
export function GeneralErrorBox({ error, message, title }: Props) {
  const { t } = useTranslation();
  // An error can be a page's whole first screen (the player's page of a game that cannot be found): what waits
  // for that screen (after-load.ts) may load now rather than at its cap.
  useEffect(() => {
    if (error) firstScreenDrawn();
  }, [error]);
  if (!error) return null;
  let heading = title;
  let text = message;
  if (isApiError(error)) {
    heading ??= [error.status, error.statusText].filter(Boolean).join(' ');
    text ??= error.body?.errors?.generalError ?? error.body?.message ?? t('errors.general');
  } else if (error instanceof NoResponseError) {
    heading ??= t('errors.noResponse');
    text ??= error.message;
  } else {
    heading ??= t('errors.title');
    text ??= error instanceof Error ? error.message : String(error);
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={heading}>
      {text}
    </Alert>
  );
}
