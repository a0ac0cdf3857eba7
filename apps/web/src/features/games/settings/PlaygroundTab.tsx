import { BACKGROUND_TYPES, MAP_TYPES, SCENE_ENTRIES, settingsFieldStates } from '@loci/domain';
import {
  Alert,
  Divider,
  Grid,
  NumberInput,
  SegmentedControl,
  Input,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { designApi } from '../../../api/design';
import { useTranslation } from 'react-i18next';
import { PlaygroundMap } from '../../../components/map';
import { MediaPickerField } from '../../media';
import { useGameFormContext, type SettingsTabProps } from './form-context';
import { LatitudeField, LongitudeField } from '../../../components/forms';

/** Height of the settings map (spec 1 §9). */
const MAP_HEIGHT = 700;

function asNumber(value: number | string, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : fallback;
}

/** The game area: its title, centre and radius on a map, and how the background looks. */
export function PlaygroundTab({ gameId, readOnly }: SettingsTabProps) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const { pg } = form.values;
  const states = settingsFieldStates(form.values);
  const { setFieldValue } = form;

  const handleMove = useCallback(
    (lat: number, lng: number) => {
      setFieldValue('pg.place.lat', lat);
      setFieldValue('pg.place.lng', lng);
    },
    [setFieldValue],
  );

  return (
    <Stack gap="lg">
      <TextInput
        size="sm"
        label={t('games.settings.playground.title')}
        withAsterisk
        maxLength={200}
        {...form.getInputProps('pg.title')}
      />

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <LatitudeField label={t('games.settings.playground.lat')} {...form.getInputProps('pg.place.lat')} />
        <LongitudeField label={t('games.settings.playground.lng')} {...form.getInputProps('pg.place.lng')} />
        <NumberInput
          label={t('games.settings.playground.radius')}
          withAsterisk
          step={10}
          min={0}
          suffix={` ${t('games.settings.playground.radiusUnit')}`}
          {...form.getInputProps('pg.place.radius')}
        />
      </SimpleGrid>

      <Input.Wrapper
        label={t('games.settings.playground.map')}
        description={readOnly ? undefined : t('games.settings.playground.mapHint')}
      >
        <Stack mt={6}>
          <PlaygroundMap
            label={t('games.settings.playground.map')}
            lat={asNumber(pg.place.lat, 0)}
            lng={asNumber(pg.place.lng, 0)}
            radius={asNumber(pg.place.radius, 0)}
            onMove={handleMove}
            readOnly={readOnly}
            height={MAP_HEIGHT}
            mapType={pg.mapType}
          />
        </Stack>
      </Input.Wrapper>

      <Divider label={t('games.settings.playground.background')} labelPosition="left" />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="md">
            <Input.Wrapper label={t('games.settings.playground.type')}>
              <div>
                <SegmentedControl
                  mt={6}
                  aria-label={t('games.settings.playground.type')}
                  data={BACKGROUND_TYPES.map((type) => ({
                    value: type,
                    label: t(`games.settings.playground.types.${type}`),
                  }))}
                  disabled={readOnly}
                  {...form.getInputProps('pg.type')}
                />
              </div>
            </Input.Wrapper>
            {states.mapOptionsVisible && (
              <>
                <Select
                  label={t('games.settings.playground.mapType')}
                  allowDeselect={false}
                  data={MAP_TYPES.map((type) => ({
                    value: type,
                    label: t(`games.settings.playground.mapTypes.${type}`),
                  }))}
                  {...form.getInputProps('pg.mapType')}
                />
                <Switch
                  label={t('games.settings.playground.simulate')}
                  description={t('games.settings.playground.simulateHint')}
                  {...form.getInputProps('pg.simulate', { type: 'checkbox' })}
                />
                <Switch
                  label={t('games.settings.playground.showScenes')}
                  {...form.getInputProps('pg.showScenes', { type: 'checkbox' })}
                />
                <NumberInput
                  label={t('games.settings.playground.maxAccuracy')}
                  description={t('games.settings.playground.maxAccuracyHint')}
                  min={1}
                  step={5}
                  allowDecimal={false}
                  suffix={` ${t('games.settings.playground.radiusUnit')}`}
                  {...form.getInputProps('pg.maxAccuracy')}
                />
                <Radio.Group
                  label={t('games.settings.playground.sceneEntry')}
                  description={t('games.settings.playground.sceneEntryHint')}
                  {...form.getInputProps('sceneEntry')}
                >
                  <Stack gap="xs" mt="xs">
                    {SCENE_ENTRIES.map((entry) => (
                      <Radio
                        key={entry}
                        value={entry}
                        disabled={readOnly}
                        label={t(`games.settings.playground.sceneEntries.${entry}`)}
                        description={t(`games.settings.playground.sceneEntryHints.${entry}`)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              </>
            )}
            {gameId && <StartSceneSelect gameId={gameId} readOnly={readOnly} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {states.bgImageVisible && (
            <Stack gap="md">
              <MediaPickerField
                label={t('games.settings.playground.bgImage')}
                gameId={gameId}
                disabled={readOnly}
                value={pg.bgImageId}
                onChange={(id) => form.setFieldValue('pg.bgImageId', id)}
                error={form.errors['pg.bgImageId']}
              />
              {!states.locationServices && (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
                  <Text size="sm">{t('games.settings.playground.noLocationServices')}</Text>
                </Alert>
              )}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The scene the game starts in: a scene of the game, or empty for the first of the design order. */
function StartSceneSelect({ gameId, readOnly }: { gameId: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const scenes = useQuery({
    queryKey: ['design', gameId, 'scene', 'list'],
    queryFn: ({ signal }) => designApi.list(gameId, 'scene', signal),
  });
  const data = (scenes.data ?? [])
    .filter((scene) => !scene.universe)
    .map((scene) => ({ value: scene.id, label: scene.enabled ? scene.name : `${scene.name} ✕` }));
  const value = form.values.startSceneId ?? null;
  return (
    <Select
      label={t('games.settings.playground.startScene')}
      description={t('games.settings.playground.startSceneHint')}
      placeholder={t('games.settings.playground.firstOfOrder')}
      clearable
      disabled={readOnly}
      data={data}
      value={value}
      onChange={(id) => form.setFieldValue('startSceneId', id)}
    />
  );
}
