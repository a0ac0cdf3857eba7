import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router';
import type { LeavePermit } from './useLeavePermit';
import './locales';

export interface UnsavedChangesGuardProps {
  /** The form has changes that are not saved. */
  when: boolean;
  /** The form's own navigation (save, delete, Cancel) that must not be asked about. */
  permit?: LeavePermit;
}

/**
 * Asks before leaving a form with unsaved changes: a confirmation on any
 * in-console navigation (React Router's blocker; it needs the data router
 * of App.tsx) and the browser's own question on reload, close or typing
 * another address (`beforeunload`). Render one per page, not in a modal.
 */
export function UnsavedChangesGuard({ when, permit }: UnsavedChangesGuardProps) {
  const { t } = useTranslation();
  const latest = useRef({ when, permit });
  useEffect(() => {
    latest.current = { when, permit };
  });

  // Stable, so the router keeps one blocker; it reads the latest state when asked.
  const shouldBlock = useRef<BlockerFunction>(({ currentLocation, nextLocation }) => {
    const { when: dirty, permit: current } = latest.current;
    if (!dirty || current?.isAllowed()) return false;
    // Only a change of page counts: a search or hash change keeps the form.
    return currentLocation.pathname !== nextLocation.pathname;
  });
  const blocker = useBlocker(shouldBlock.current);

  // A permitted leave lasts until the router is somewhere else (useLeavePermit): a form that is still shown
  // there is guarded again.
  const { key } = useLocation();
  useEffect(() => {
    permit?.settle();
  }, [key, permit]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog (Escape, the X, a click outside) stays, unless a button already decided.
    let decided = false;
    const id = modals.openConfirmModal({
      title: t('forms.leaveTitle'),
      centered: true,
      children: <Text size="sm">{t('forms.leaveText')}</Text>,
      labels: { confirm: t('forms.leave'), cancel: t('forms.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
    return () => modals.close(id);
  }, [blocker, t]);

  useEffect(() => {
    if (!when) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (latest.current.permit?.isAllowed()) return;
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [when]);

  return null;
}
