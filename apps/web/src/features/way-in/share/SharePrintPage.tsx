import { Box, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { wayInApi, wayInQueryKeys } from '../../../api/way-in';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { useQrSvg } from '../../../components/qr/qr-image';
import '../locales';

/** /share/:gameId/print: a print-ready page with the game's title, its QR code and its play link. */
export function SharePrintPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const share = useQuery({
    queryKey: wayInQueryKeys.share(gameId),
    queryFn: ({ signal }) => wayInApi.share(gameId, signal),
  });
  const image = useQrSvg(share.data?.playUrl ?? '', !!share.data);
  useEffect(() => {
    if (image && !navigator.webdriver) window.print();
  }, [image]);
  if (share.error) return <GeneralErrorBox error={share.error} />;
  if (!share.data || !image) return <Loader m="xl" aria-label={t('wayIn.share.loading')} />;
  return (
    <Stack component="main" align="center" justify="center" mih="100dvh" p="xl" gap="lg" bg="white" c="black">
      <Title order={1} ta="center" fz={40}>
        {share.data.title}
      </Title>
      <Box component="img" src={image} alt={t('wayIn.share.qr')} w="min(80vw, 12cm)" h="auto" />
      <Text fz="xl" fw={600}>
        {t('wayIn.share.printHint')}
      </Text>
      <Text ff="monospace" fz="md" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {share.data.playUrl}
      </Text>
    </Stack>
  );
}
