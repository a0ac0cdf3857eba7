import { QR_DISPLAY_SIZE, QR_FILE_NAME, type GameShare } from '@loci/domain';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey, IconPrinter, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wayInApi, wayInQueryKeys } from '../../../api/way-in';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { notifyError } from '../../../components/notify';
import { downloadQrPng, downloadQrSvg, useQrSvg } from '../../../components/qr/qr-image';
import { periodText } from '../period';
import '../locales';

/** Whether a player could join now, and why not (the server's answer from the start path's own rules). */
function JoinableState({ share }: { share: GameShare }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color={share.joinable ? 'teal' : 'orange'}
      variant="light"
      icon={share.joinable ? <IconCheck size={18} /> : <IconX size={18} />}
      title={share.joinable ? t('wayIn.share.joinable') : t('wayIn.share.notJoinable')}
      role="status"
    >
      <Stack gap={4}>
        {share.refusal && <Text size="sm">{share.refusal.message}</Text>}
        <Text size="sm">
          {t('wayIn.lobby.period')}: {periodText(share.playingPeriod, t, i18n.language)}
        </Text>
        {share.restricted && <Text size="sm">{t('wayIn.share.restricted')}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * The share panel of a game (docs/games.md "Share"): the play link with Copy,
 * its QR code (PNG, SVG, a print-ready page), the passcode for those who may
 * edit the game, and whether players can join now.
 */
export function SharePanel({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const share = useQuery({
    queryKey: wayInQueryKeys.share(gameId),
    queryFn: ({ signal }) => wayInApi.share(gameId, signal),
  });
  const image = useQrSvg(share.data?.playUrl ?? '', !!share.data);
  if (share.isPending) return <Loader size="sm" aria-label={t('wayIn.share.loading')} />;
  if (share.error) return <GeneralErrorBox error={share.error} />;
  const { playUrl } = share.data;
  const download = (kind: 'png' | 'svg') => {
    const name = `${QR_FILE_NAME}-${share.data.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || gameId}`;
    void (kind === 'png' ? downloadQrPng(playUrl, name) : downloadQrSvg(playUrl, name)).catch(() =>
      notifyError(t('wayIn.share.downloadFailed')),
    );
  };
  return (
    <Stack gap="md">
      <JoinableState share={share.data} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('wayIn.share.link')}
          value={playUrl}
          readOnly
          flex={1}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={playUrl}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => {
                // CopyButton uses the Clipboard API; tell the user when the browser refuses it.
                if (!navigator.clipboard) notifyError(t('wayIn.share.copyFailed'));
                else copy();
              }}
            >
              {copied ? t('wayIn.share.copied') : t('wayIn.share.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Center>
        {image ? (
          <Image src={image} w={QR_DISPLAY_SIZE} h={QR_DISPLAY_SIZE} alt={t('wayIn.share.qr')} />
        ) : (
          <Loader aria-label={t('wayIn.share.loading')} />
        )}
      </Center>
      <Group gap="sm" justify="center">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download('png')}>
          {t('wayIn.share.png')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download('svg')}>
          {t('wayIn.share.svg')}
        </Button>
        <Button
          component={Link}
          to={`/share/${encodeURIComponent(gameId)}/print`}
          target="_blank"
          variant="default"
          leftSection={<IconPrinter size={16} />}
        >
          {t('wayIn.share.print')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={3} size="h6">
          {t('wayIn.share.passcode')}
        </Title>
        {share.data.passcode ? (
          <Group gap="xs">
            <IconKey size={16} aria-hidden />
            <Code fz="md" aria-label={t('wayIn.share.passcode')}>
              {share.data.passcode}
            </Code>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {share.data.hasPasscode ? t('wayIn.share.passcodeHidden') : t('wayIn.share.noPasscode')}
          </Text>
        )}
      </Stack>
      <Anchor component={Link} to={`/play/${encodeURIComponent(gameId)}`} target="_blank" size="sm">
        {t('wayIn.share.openLink')}
      </Anchor>
    </Stack>
  );
}
