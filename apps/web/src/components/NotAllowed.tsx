import { Alert, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown to signed-in users who reach a page their role does not open. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" variant="light" icon={<IconLock size={18} />} title={t('notAllowed.title')}>
        {t('notAllowed.text')}
      </Alert>
    </Container>
  );
}
