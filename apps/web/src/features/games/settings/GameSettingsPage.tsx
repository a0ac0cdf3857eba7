import { canAuthor, hasRight } from '@loci/domain';
import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useAuth } from '../../../auth/auth-context';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { useEditLock } from '../../locks';
import { useGame } from '../queries';
import { newGameFormValues, toFormValues } from './form-values';
import { GameSettingsForm } from './GameSettingsForm';
import '../locales';
import { domainText } from '../../../i18n/domain';

function PageHeader({ title, subtitle, designLink }: { title: string; subtitle: string; designLink?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Breadcrumbs>
        <Anchor component={Link} to="/" size="sm">
          {t('games.settings.backToGames')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {designLink && (
          <Button component={Link} to={designLink} variant="light" leftSection={<IconPencil size={16} />}>
            {t('games.settings.openDesign')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function NewGameSettings() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [initialValues] = useState(() => newGameFormValues());
  return (
    <Stack gap="lg">
      <PageHeader title={t('games.settings.newTitle')} subtitle={t('games.settings.newSubtitle')} />
      <GameSettingsForm mode="create" initialValues={initialValues} canEdit={canAuthor(user?.role)} />
    </Stack>
  );
}

function EditGameSettings({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const { data: game, error, isPending, refetch } = useGame(gameId);
  const canEdit = game ? hasRight(game.rights, 'edit') : false;
  const lock = useEditLock(gameId, 'game', gameId, { enabled: canEdit && game?.isArchived === false });

  // Once a lock held by someone else comes to us, load what they saved.
  const wasRefused = useRef(false);
  useEffect(() => {
    if (lock.status === 'refused') wasRefused.current = true;
    if (lock.status === 'held' && wasRefused.current) {
      wasRefused.current = false;
      void refetch();
    }
  }, [lock.status, refetch]);

  if (isPending) return <PageLoader label={domainText(t, 'GAME_TEXTS', 'loadingGame')} />;
  if (!game) {
    if (isApiError(error) && error.status === 404) {
      return (
        <Alert color="gray" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameNotFound')}>
          <Anchor component={Link} to="/">
            {t('games.settings.backToGames')}
          </Anchor>
        </Alert>
      );
    }
    return <GeneralErrorBox error={error} />;
  }
  if (game.isArchived) {
    return (
      <Alert color="orange" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').title}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').body}</Text>
          <Button component={Link} to="/" variant="light" size="xs" leftSection={<IconArrowLeft size={14} />}>
            {t('games.settings.goBack')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={game.title || t('games.list.untitled')}
        subtitle={t('games.settings.editSubtitle')}
        designLink={hasRight(game.rights, 'edit') ? `/games/${game.id}` : undefined}
      />
      <GameSettingsForm mode="edit" game={game} initialValues={toFormValues(game)} canEdit={canEdit} lock={lock} />
    </Stack>
  );
}

/** /games/new and /games/edit/:gameId: the game settings (spec 1 §2). */
export function GameSettingsPage() {
  const { gameId } = useParams();
  return (
    <Container size="lg" py="md">
      {gameId ? <EditGameSettings key={gameId} gameId={gameId} /> : <NewGameSettings />}
    </Container>
  );
}
