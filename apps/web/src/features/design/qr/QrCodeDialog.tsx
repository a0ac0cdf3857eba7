import { QR_DISPLAY_SIZE, QR_FILE_NAME, deepLinkUrl, hasTextCode, textCode } from '@loci/domain';
import { Button, Center, Code, Group, Image, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import { downloadQrPng, useQrSvg } from '../../../components/qr/qr-image';
import { usePublicUrl } from '../../../components/qr/public-url';
import './locales';
import { domainText } from '../../../i18n/domain';

export interface QrCodeDialogProps {
  opened: boolean;
  onClose: () => void;
  gameId: string;
  /** The scene of the event; the universe scene (or none) is written 'any'. */
  sceneId?: string | null;
  /** 'do' (an object: also offers the in-app text code), 'de' (direct contact), … */
  eventType: string;
  eventName: string;
  objectId: string;
}

type CodeTab = 'deepLink' | 'textCode';

/**
 * 'Get QR Code' (spec 3 §2, §9): the event's deep link, and for event type 'do'
 * its in-app text code (the object id alone), as a QR code shown at 300 px,
 * copied to the clipboard or downloaded as QRCode.png at 1024 px.
 */
export function QrCodeDialog({ opened, onClose, gameId, sceneId, eventType, eventName, objectId }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CodeTab>('deepLink');
  const publicUrl = usePublicUrl();
  const withTextCode = hasTextCode(eventType);
  const shown: CodeTab = withTextCode ? tab : 'deepLink';
  const value =
    shown === 'textCode'
      ? (textCode({ eventType, objectId }) ?? objectId)
      : deepLinkUrl(publicUrl, { gameId, sceneId, eventType, eventName, objectId });
  const image = useQrSvg(value, opened);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifySuccess(domainText(t, 'QR_TEXTS', 'linkCopied'));
    } catch {
      notifyError(t('design.qr.copyFailed'));
    }
  };

  const handleDownload = async () => {
    try {
      await downloadQrPng(value, QR_FILE_NAME);
    } catch {
      notifyError(t('design.qr.downloadFailed'));
    }
  };

  const body = (
    <Stack gap="sm" align="center" pt="md">
      <Text size="sm" c="dimmed" ta="center">
        {shown === 'textCode' ? t('design.qr.textCodeHint') : t('design.qr.deepLinkHint')}
      </Text>
      <Center w={QR_DISPLAY_SIZE} h={QR_DISPLAY_SIZE}>
        {image ? (
          <Image src={image} w={QR_DISPLAY_SIZE} h={QR_DISPLAY_SIZE} alt={t('design.qr.image', { value })} />
        ) : (
          <Loader aria-label={t('design.qr.rendering')} />
        )}
      </Center>
      <Code block aria-label={t('design.qr.codeLabel')} style={{ overflowWrap: 'anywhere', width: '100%' }}>
        {value}
      </Code>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => void handleCopy()}>
          {t('design.qr.copy')}
        </Button>
        <Button leftSection={<IconDownload size={16} />} onClick={() => void handleDownload()}>
          {t('design.qr.download')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={domainText(t, 'QR_TEXTS', 'title')} centered size="md">
      <Tabs value={shown} onChange={(next) => next && setTab(next as CodeTab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="deepLink">{domainText(t, 'QR_TEXTS', 'deepLinkTab')}</Tabs.Tab>
          {withTextCode && <Tabs.Tab value="textCode">{domainText(t, 'QR_TEXTS', 'textCodeTab')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="deepLink">{body}</Tabs.Panel>
        {withTextCode && <Tabs.Panel value="textCode">{body}</Tabs.Panel>}
      </Tabs>
    </Modal>
  );
}
