import type { SocketioTestBody } from '@loci/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { debugApi } from '../../api/debug';
import { notifySuccess } from '../../components/notify';

/** Posts a debug event; a toast says where it went. Refusals are the page's to show. */
export function useSendDebugEvent() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: SocketioTestBody) => debugApi.sendSocketioTest(body),
    onSuccess: ({ room, message }) => notifySuccess(t('debug.sent', { message, room })),
  });
}
