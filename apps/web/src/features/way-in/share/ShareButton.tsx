import { Button, Modal } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SharePanel } from './SharePanel';
import '../locales';

/** 'Share' beside a game's tabs: opens the share panel (play link, QR code, passcode, joinable now). */
export function ShareButton({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconShare size={16} />} onClick={() => setOpened(true)}>
        {t('wayIn.share.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('wayIn.share.title')} centered size="lg">
        {opened && <SharePanel gameId={gameId} />}
      </Modal>
    </>
  );
}
