import {
  applySettingsDependencies,
  clearHiddenMarketFields,
  gameLanguagesOf,
  gameValuesSchemaFor,
  hasRight,
  validateGameValues,
  type GameFormMode,
  type GameWithRights,
} from '@loci/domain';
import { Box, Card, Fieldset, Tabs } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormShell, serverFieldErrors, useLeavePermit, useStoredValues } from '../../../components/forms';
import { notifyError } from '../../../components/notify';
import { FormLanguages } from '../../design/translations/FormLanguages';
import type { EditLock } from '../../locks';
import { useGameOperation, useSaveGame } from '../queries';
import { AccessTab } from './AccessTab';
import { AdvancedTab } from './AdvancedTab';
import { GameFormProvider, useGameForm } from './form-context';
import {
  EXAMPLE_DESCRIPTION_TEXT,
  SETTINGS_TABS,
  tabsWithErrors,
  toFormValues,
  withExampleDescription,
  type GameFormValues,
  type SettingsTab,
} from './form-values';
import { GeneralTab } from './GeneralTab';
import { PlaygroundTab } from './PlaygroundTab';
import { PoliciesTab } from './PoliciesTab';
import { RichTextTab } from './RichTextTab';
import { domainText } from '../../../i18n/domain';

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
  const permit = useLeavePermit();
  const [tab, setTab] = useState<SettingsTab>('general');
  const gameId = game?.id;
  const readOnly = !canEdit || (mode === 'edit' && !lock?.isHeld);
  const save = useSaveGame(gameId);
  const operation = useGameOperation();

  // Market settings hidden with the market off are not sent (the API refuses them): checked and saved as emptied.
  // A new game left without a description is saved with the example text (Problems then flags it).
  const sendable = (values: GameFormValues) =>
    clearHiddenMarketFields(mode === 'create' ? withExampleDescription(values) : values);

  // The dependency rules apply after every change, whatever field changed.
  const formRef = useRef<{ setValues: (values: GameFormValues) => void } | null>(null);
  const form = useGameForm({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateGameValues(sendable(values), mode) ?? {},
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
  useStoredValues(form, game, toFormValues);

  const errorTabs = tabsWithErrors(form.errors);

  const showErrors = (errors: Record<string, unknown>) => {
    const tabs = tabsWithErrors(errors);
    if (tabs.length > 0 && !tabs.includes(tab) && tabs[0]) setTab(tabs[0]);
    notifyError(domainText(t, 'ERROR_MESSAGES', 'form'));
  };

  const handleSubmit = (values: GameFormValues) => {
    const body = gameValuesSchemaFor(mode).parse(sendable(values));
    save.mutate(body, {
      onSuccess: (saved) => {
        const savedValues = toFormValues(saved);
        form.setInitialValues(savedValues);
        form.setValues(savedValues);
        form.resetDirty(savedValues);
        if (mode === 'create') permit.allow(() => navigate(`/games/edit/${saved.id}`, { replace: true }));
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) {
          form.setErrors(fieldErrors);
          showErrors(fieldErrors);
        } else {
          notifyError(
            gameId
              ? domainText(t, 'GAME_TEXTS', 'errorSavingGame', gameId)
              : domainText(t, 'GAME_TEXTS', 'errorCreatingGame'),
            error,
          );
        }
      },
    });
  };

  const canDelete =
    mode === 'edit' && game !== undefined && game.publicVersionId === null && hasRight(game.rights, 'manage');
  // Errors that no field shows (e.g. a server's generalError).
  const isFieldless = (path: string) => tabsWithErrors({ [path]: true }).length === 0;

  const shell = (
    <FormShell
      form={form}
      onSubmit={handleSubmit}
      onValidationFailure={showErrors}
      label={mode === 'create' ? t('games.settings.newTitle') : t('games.settings.editSubtitle')}
      lock={lock}
      canEdit={canEdit}
      readOnlyNote={t('games.settings.readOnly')}
      readOnly={readOnly}
      isFieldless={isFieldless}
      wrapFields={false}
      deletion={
        mode === 'edit' && game?.publicVersionId === null
          ? {
              title: t('games.settings.deleteTitle', { title: game.title }),
              text: domainText(t, 'GAME_TEXTS', 'confirmDelete'),
              disabled: !canDelete,
              loading: operation.isPending,
              onConfirm: () =>
                operation.mutate({ operation: 'delete', game }, { onSuccess: () => permit.allow(() => navigate('/')) }),
            }
          : undefined
      }
      saving={save.isPending}
      permit={permit}
    >
      <Card withBorder radius="md" padding={0}>
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
                hint={
                  mode === 'create' ? t('games.settings.description.newHint') : t('games.settings.description.hint')
                }
                required={mode === 'edit'}
                placeholder={EXAMPLE_DESCRIPTION_TEXT}
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
    </FormShell>
  );
  // The game's own texts (title, description, instructions, terms) in its other languages (issue 31).
  return (
    <GameFormProvider form={form}>
      {game ? (
        <FormLanguages
          gameId={game.id}
          languages={gameLanguagesOf(game)}
          select={(row) => row.kind === 'game'}
          name={game.title}
          readOnly={!canEdit}
        >
          {shell}
        </FormLanguages>
      ) : (
        shell
      )}
    </GameFormProvider>
  );
}
