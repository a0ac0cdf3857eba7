import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { JoinCodeAnswer } from '@loci/domain';
import { isApiError } from '../../api/client';
import { wayInApi } from '../../api/way-in';
import { QrScanButton } from '../play/panels/QrScanButton';
import './locales';

/** Where a code leads: the game's player, with the deep link to send once playing, and the passcode to fill in. */
export function playPathOf(answer: JoinCodeAnswer): { to: string; state: { passcode: string } | null } {
  const query = answer.deepLink ? `?code=${encodeURIComponent(answer.deepLink)}` : '';
  return {
    to: `/play/${encodeURIComponent(answer.gameId)}${query}`,
    state: answer.passcode ? { passcode: answer.passcode } : null,
  };
}

/**
 * "Join with a code": a typed passcode, play link or game id, or a QR code
 * scanned with the camera (qr-scanner, loaded only when the camera opens).
 */
export function JoinWithCode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const join = useMutation({
    mutationFn: wayInApi.joinCode,
    onSuccess: (answer) => {
      const { to, state } = playPathOf(answer);
      void navigate(to, { state });
    },
  });
  const error = join.error
    ? isApiError(join.error)
      ? (join.error.body?.errors?.code ?? join.error.body?.message ?? join.error.message)
      : join.error.message
    : null;
  return (
    <Card withBorder radius="md" p="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) join.mutate(code.trim());
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('wayIn.join.title')}
          </Title>
          <TextInput
            label={t('wayIn.join.label')}
            description={t('wayIn.join.description')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <Group gap="sm">
            <Button
              type="submit"
              loading={join.isPending}
              disabled={!code.trim()}
              rightSection={<IconArrowRight size={16} />}
            >
              {t('wayIn.join.submit')}
            </Button>
            <QrScanButton
              onScan={(text) => {
                setCode(text);
                join.mutate(text);
              }}
            />
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
