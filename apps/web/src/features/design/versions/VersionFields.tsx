import { Stack, Switch, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { VersionValues } from './queries';
import '../common/locales';
import { vocabulary } from '../common/vocabulary';

/** The editable fields of a game version: notes and the three switches ('Only for Game Owner' not on the live spec). */
export function VersionFields({
  form,
  isLiveSpec,
  readOnly,
}: {
  form: UseFormReturnType<VersionValues>;
  isLiveSpec: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Textarea
        label={t('design.versions.notes')}
        autosize
        minRows={3}
        readOnly={readOnly}
        {...form.getInputProps('versionNotes')}
      />
      {!isLiveSpec && (
        <Switch
          label={vocabulary.restrictAccess(t)}
          description={t('design.versions.ownerOnlyHint')}
          disabled={readOnly}
          {...form.getInputProps('restrictAccessToDesigner', { type: 'checkbox' })}
        />
      )}
      <Switch
        label={t('design.versions.multipleInstances')}
        disabled={readOnly}
        {...form.getInputProps('multipleInstances', { type: 'checkbox' })}
      />
      <Switch
        label={t('design.versions.newInstancesAllowed')}
        disabled={readOnly}
        {...form.getInputProps('newInstancesAllowed', { type: 'checkbox' })}
      />
    </Stack>
  );
}
