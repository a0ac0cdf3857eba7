import {
  FORM_ERROR_MESSAGE,
  GAME_TEXTS,
  applySettingsDependencies,
  gameValuesSchemaFor,
  hasRight,
  validateGameValues,
  type GameFormMode,
  type GameWithRights,
} from '@loci/domain';
import { Alert, Box, Button, Card, Fieldset, Group, Paper, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDeviceFloppy, IconEye, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import { LockBanner, type EditLock } from '../../locks';
import { useGameOperation, useSaveGame } from '../queries';
import { AccessTab } from './AccessTab';
import { AdvancedTab } from './AdvancedTab';
import { GameFormProvider, useGameForm } from './form-context';
import { SETTINGS_TABS, tabsWithErrors, toFormValues, type GameFormValues, type SettingsTab } from './form-values';
import { GeneralTab } from './GeneralTab';
import { PlaygroundTab } from './PlaygroundTab';
import { PoliciesTab } from './PoliciesTab';
import { RichTextTab } from './RichTextTab';

// The settings that the dependency rules may change (spec 1 §4).
function dependentPart(values: GameFormValues) {
  return JSON.stringify([values.pg.simulate, values.pg.showScenes, values.endPolicies, values.rankings]);
}

function ErrorDot({ label }: { label: string }) {
  return (
    <Box
      component="span"
      w={8}
      h={8}
      bg="red.6"
      style={{ borderRadius: '50%', display: 'inline-block' }}
      role="img"
      aria-label={label}
    />
  );
}

interface Props {
  mode: GameFormMode;
  /** The stored game when editing. */
  game?: GameWithRights;
  initialValues: GameFormValues;
  /** The user's edit right (or, for a new game, the right to author). */
  canEdit: boolean;
  /** The edit lock, when editing. */
  lock?: EditLock;
}

/** The game settings form (spec 1 §2–5): eight tabs, the domain's rules, save and delete. */
export function GameSettingsForm({ mode, game, initialValues, canEdit, lock }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SettingsTab>('general');
  const gameId = game?.id;
  const readOnly = !canEdit || (mode === 'edit' && !lock?.isHeld);
  const save = useSaveGame(gameId);
  const operation = useGameOperation();

  // The dependency rules apply after every change, whatever field changed.
  const formRef = useRef<{ setValues: (values: GameFormValues) => void } | null>(null);
  const form = useGameForm({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateGameValues(values, mode) ?? {},
    onValuesChange: (values, previous) => {
      const changed = values.pg.type !== previous.pg.type ? 'pg.type' : '';
      const next = applySettingsDependencies(values, changed);
      if (dependentPart(next) !== dependentPart(values)) formRef.current?.setValues(next);
    },
  });
  useEffect(() => {
    formRef.current = form;
  });

  // A newer stored game (saved, or refetched after the lock came back) replaces untouched values.
  const version = game?.updatedAt;
  useEffect(() => {
    if (!game || form.isDirty()) return;
    const values = toFormValues(game);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    // Only a new version of the game should reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const errorTabs = tabsWithErrors(form.errors);
  const hasErrors = Object.values(form.errors).some(Boolean);

  const showErrors = (errors: Record<string, unknown>) => {
    const tabs = tabsWithErrors(errors);
    if (tabs.length > 0 && !tabs.includes(tab) && tabs[0]) setTab(tabs[0]);
    notifyError(FORM_ERROR_MESSAGE);
  };

  const handleSubmit = form.onSubmit(
    (values) => {
      const body = gameValuesSchemaFor(mode).parse(values);
      save.mutate(body, {
        onSuccess: (saved) => {
          const savedValues = toFormValues(saved);
          form.setInitialValues(savedValues);
          form.setValues(savedValues);
          form.resetDirty(savedValues);
          if (mode === 'create') navigate(`/games/edit/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? error.body?.errors : undefined;
          if (fieldErrors && Object.keys(fieldErrors).length > 0) {
            form.setErrors(fieldErrors);
            showErrors(fieldErrors);
          } else {
            notifyError(gameId ? GAME_TEXTS.errorSavingGame(gameId) : GAME_TEXTS.errorCreatingGame, error);
          }
        },
      });
    },
    (errors) => showErrors(errors),
  );

  const handleDelete = () => {
    if (!game) return;
    modals.openConfirmModal({
      title: t('games.settings.deleteTitle', { title: game.title }),
      centered: true,
      children: <Text size="sm">{GAME_TEXTS.confirmDelete}</Text>,
      labels: { confirm: t('games.settings.delete'), cancel: t('games.settings.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => operation.mutate({ operation: 'delete', game }, { onSuccess: () => navigate('/') }),
    });
  };

  const canDelete =
    mode === 'edit' && game !== undefined && game.publicVersionId === null && hasRight(game.rights, 'manage');
  // Errors that no field shows (e.g. a server's generalError).
  const otherErrors = Object.entries(form.errors).filter(
    ([path, error]) => error && !tabsWithErrors({ [path]: error }).length,
  );

  return (
    <GameFormProvider form={form}>
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={mode === 'create' ? t('games.settings.newTitle') : t('games.settings.editSubtitle')}
      >
        {lock && <LockBanner lock={lock} />}
        {!canEdit && (
          <Alert color="gray" variant="light" icon={<IconEye size={18} />} mb="md">
            {t('games.settings.readOnly')}
          </Alert>
        )}
        {hasErrors && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            my="md"
            role="alert"
            title={FORM_ERROR_MESSAGE}
          >
            {otherErrors.map(([path, error]) => (
              <Text key={path} size="sm">
                {String(error)}
              </Text>
            ))}
          </Alert>
        )}

        <Card
          withBorder
          radius="md"
          padding={0}
          mt={lock && lock.status !== 'held' && lock.status !== 'acquiring' ? 'md' : 0}
        >
          <Tabs value={tab} onChange={(value) => value && setTab(value as SettingsTab)} keepMounted={false}>
            <Tabs.List px="md" pt="xs" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {SETTINGS_TABS.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    errorTabs.includes(value) ? <ErrorDot label={t('games.settings.tabHasErrors')} /> : undefined
                  }
                >
                  {t(`games.settings.tabs.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Fieldset disabled={readOnly} variant="unstyled" p={{ base: 'md', sm: 'xl' }} m={0}>
              <Tabs.Panel value="general">
                <GeneralTab gameId={gameId} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="description">
                <RichTextTab
                  field="description"
                  label={t('games.settings.description.label')}
                  hint={t('games.settings.description.hint')}
                  required
                  readOnly={readOnly}
                />
              </Tabs.Panel>
              <Tabs.Panel value="playground">
                <PlaygroundTab gameId={gameId} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="policies">
                <PoliciesTab />
              </Tabs.Panel>
              <Tabs.Panel value="terms">
                <RichTextTab
                  field="terms"
                  label={t('games.settings.terms.label')}
                  hint={t('games.settings.terms.hint')}
                  readOnly={readOnly}
                />
              </Tabs.Panel>
              <Tabs.Panel value="instructions">
                <RichTextTab
                  field="instructions"
                  label={t('games.settings.instructions.label')}
                  hint={t('games.settings.instructions.hint')}
                  readOnly={readOnly}
                />
              </Tabs.Panel>
              <Tabs.Panel value="access">
                <AccessTab gameId={gameId} readOnly={readOnly} canEdit={canEdit} />
              </Tabs.Panel>
              <Tabs.Panel value="advanced">
                <AdvancedTab />
              </Tabs.Panel>
            </Fieldset>
          </Tabs>
        </Card>

        <Paper
          withBorder
          radius="md"
          p="sm"
          mt="md"
          shadow="sm"
          // Above the shell's footer when it shows.
          style={{
            position: 'sticky',
            bottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-md))',
            zIndex: 5,
          }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {form.isDirty() && !readOnly ? t('games.settings.unsaved') : ''}
            </Text>
            <Group gap="sm">
              {mode === 'edit' && game?.publicVersionId === null && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={handleDelete}
                  disabled={readOnly || !canDelete}
                  loading={operation.isPending}
                >
                  {t('games.settings.delete')}
                </Button>
              )}
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={save.isPending}
                disabled={readOnly}
              >
                {t('games.settings.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </form>
    </GameFormProvider>
  );
}
