import {
  newSceneDefaults,
  SCENE_ENTRY_CHOICES,
  sceneEntryOf,
  type DesignEntity,
  type SceneEntryChoice,
} from '@loci/domain';
import { Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MediaPickerField } from '../../media';
import { EntityFormShell } from '../common/EntityFormShell';
import { NameTitleFields } from '../common/DesignFields';
import { gameCenter } from '../common/workspace-data';
import { useDesignEntityForm } from '../common/useDesignEntityForm';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { PlaceFields } from '../common/PlaceFields';
import { spotOf } from '../overview/scene-geometry';

/** The scene form's values (the server derives `place` from lat, lng and radius). */
export interface SceneFormValues {
  name: string;
  systemName: string;
  title: string;
  notes: string;
  enabled: boolean;
  fgOnly: boolean;
  logoId: string | null;
  lat: NumberFieldValue;
  lng: NumberFieldValue;
  radius: NumberFieldValue;
  universe: boolean;
  entry: SceneEntryChoice;
}

function defaults(center: { lat: number; lng: number }): SceneFormValues {
  const scene = newSceneDefaults(center);
  return {
    name: scene.name ?? '',
    systemName: scene.systemName ?? '',
    title: scene.title ?? '',
    notes: scene.notes ?? '',
    enabled: scene.enabled ?? true,
    fgOnly: scene.fgOnly ?? false,
    logoId: scene.logoId ?? null,
    lat: toNumberField(scene.lat),
    lng: toNumberField(scene.lng),
    radius: toNumberField(scene.radius),
    universe: scene.universe ?? false,
    entry: scene.entry ?? 'game',
  };
}

/**
 * The scene form (spec 2 §3–5): name, title, notes, enabled, universe; on map
 * games the foreground-only flag and the place (lat, lng, radius 100 m by
 * default) on a map; the background image, required on image games.
 */
export function SceneForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  const { t } = useTranslation();
  const { entityForm, form } = useDesignEntityForm('scene', entityId, {
    onDone,
    initialValues: ({ workspace }) => defaults(gameCenter(workspace)),
    fromEntity: (entity, { workspace }) => {
      const values = valuesFrom(defaults(gameCenter(workspace)), entity);
      const spot = spotOf(entity);
      return spot ? { ...values, lat: spot.lat, lng: spot.lng, radius: spot.radius } : values;
    },
  });
  const { readOnly, gameId, workspace } = entityForm;
  const center = gameCenter(workspace);
  const isImage = workspace?.game.pg.type === 'image';
  const { values } = form;

  return (
    <EntityFormShell entityForm={entityForm} form={form} label={t('design.scenes.formLabel')}>
      <NameTitleFields
        form={form}
        entityForm={entityForm}
        label={t('design.scenes.name')}
        advanced={<TextInput label={t('design.scenes.systemName')} {...form.getInputProps('systemName')} />}
      />
      <Textarea
        label={t('design.scenes.description')}
        description={t('design.notesHint')}
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
      <Stack gap="sm">
        <Switch label={t('design.scenes.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Switch
          label={t('design.scenes.universe')}
          description={t('design.scenes.universeHint')}
          {...form.getInputProps('universe', { type: 'checkbox' })}
        />
        {!isImage && (
          <Switch label={t('design.scenes.fgOnly')} {...form.getInputProps('fgOnly', { type: 'checkbox' })} />
        )}
      </Stack>
      {!isImage && !values.universe && (
        <Select
          label={t('design.scenes.entry')}
          description={t(`design.scenes.entryHints.${values.entry}`)}
          allowDeselect={false}
          disabled={readOnly}
          data={SCENE_ENTRY_CHOICES.map((entry) => ({
            value: entry,
            label:
              entry === 'game'
                ? t('design.scenes.entryAsGame', {
                    entry: t(`design.scenes.entries.${workspace ? sceneEntryOf(workspace.game) : 'script'}`),
                  })
                : t(`design.scenes.entries.${entry}`),
          }))}
          {...form.getInputProps('entry')}
        />
      )}
      <MediaPickerField
        label={t('design.scenes.background')}
        gameId={gameId}
        value={values.logoId}
        onChange={(id) => form.setFieldValue('logoId', id)}
        error={form.errors.logoId}
        withAsterisk={isImage}
        disabled={readOnly}
      />
      {!isImage && (
        <PlaceFields
          form={form}
          readOnly={readOnly}
          fallback={center}
          mapLabel={t('design.scenes.placeMap')}
          mapHeight={500}
        />
      )}
    </EntityFormShell>
  );
}

/** scenes/create/0 and scenes/edit/:entityId (?returnTo=objectShow goes back to the scene page). */
export function SceneFormPage() {
  const { entityId } = useParams();
  return <SceneForm key={entityId ?? 'new'} entityId={entityId} />;
}
