import {
  ACCOMPLISHMENT_TYPES,
  MISSION_ACTION_TYPES,
  SUB_MISSION_ACCOMPLISHMENT_TYPES,
  newMissionAction,
  newSubMission,
  setAccomplishmentType,
  type AccomplishmentType,
} from '@loci/domain';
import { Checkbox, Group, Input, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { ConditionBlocksEditor, type ConditionBlockValue } from '../conditions';
import { BoundSwitch } from '../common/BoundSwitch';
import { BoundEditableList } from '../common/EditableList';
import { errorOf, type Binder } from '../conditions/form-binding';
import './locales';
import { vocabulary } from '../common/vocabulary';

/** What a submission asks for, as the form holds it. */
export interface MissionActionValue {
  type?: string | null;
  captureNow?: boolean | null;
  mediatypemediaRequired?: boolean | null;
  mediatypetextRequired?: boolean | null;
  mediatypeimage?: boolean | null;
  mediatypevideo?: boolean | null;
  mediatypeaudio?: boolean | null;
  mediatypetext?: boolean | null;
}

/** A mission's accomplishment as the form holds it. */
export interface AccomplishmentValue {
  accomplishmentType?: string | null;
  action?: MissionActionValue | null;
  condition?: ConditionBlockValue[] | null;
  submissions?: SubMissionValue[] | null;
  ordered?: boolean | null;
  notifyPlayer?: boolean | null;
}

/** A sub-mission as the form holds it. */
export interface SubMissionValue {
  id?: string | null;
  title?: string | null;
  description?: string | null;
  accomplishment?: AccomplishmentValue | null;
}

interface AccomplishmentEditorProps {
  bind: Binder;
  /** The accomplishment's path ('accomplishment', 'accomplishment.submissions.0.accomplishment'). */
  path: string;
  readOnly: boolean;
  gameId: string;
  /** A sub-mission's accomplishment: never by sub-missions (spec 2 §3). */
  nested?: boolean;
}

type MediaFlag = 'mediatypeimage' | 'mediatypevideo' | 'mediatypeaudio';
const MEDIA_FLAGS: { flag: MediaFlag; label: 'image' | 'video' | 'audio' }[] = [
  { flag: 'mediatypeimage', label: 'image' },
  { flag: 'mediatypevideo', label: 'video' },
  { flag: 'mediatypeaudio', label: 'audio' },
];

/** What a submission asks for: share or capture, text and/or media, and which media. */
function SubmissionEditor({ bind, path, readOnly }: Omit<AccomplishmentEditorProps, 'gameId' | 'nested'>) {
  const { t } = useTranslation();
  const { value, onChange, errors } = bind<MissionActionValue | null>(`${path}.action`, null);
  const action = value ?? newMissionAction();
  const set = (patch: Partial<MissionActionValue>) => onChange({ ...action, ...patch });
  const at = (field: string) => errorOf(errors, `${path}.action.${field}`);

  return (
    <Stack gap="sm">
      <Select
        label={t('design.missions.actionType')}
        data={MISSION_ACTION_TYPES.map((type) => ({ value: type, label: vocabulary.missionActionType(t, type) }))}
        value={action.type || null}
        onChange={(type) => set({ type: type ?? '' })}
        error={at('type')}
        disabled={readOnly}
        withAsterisk
        allowDeselect={false}
      />
      {action.type === 'ACTION_TYPE_CAPTURE' && (
        <Switch
          label={t('design.missions.captureNow')}
          checked={Boolean(action.captureNow)}
          onChange={(event) => set({ captureNow: event.currentTarget.checked })}
          disabled={readOnly}
        />
      )}
      <Input.Wrapper
        label={t('design.missions.requiredTypes')}
        error={at('requiredTypes')}
        withAsterisk
        labelElement="div"
      >
        <Group gap="lg" mt={6} role="group" aria-label={t('design.missions.requiredTypes')}>
          <Checkbox
            label={t('design.missions.textRequired')}
            checked={Boolean(action.mediatypetextRequired)}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              set({ mediatypetextRequired: checked, mediatypetext: checked });
            }}
            disabled={readOnly}
          />
          <Checkbox
            label={t('design.missions.mediaRequired')}
            checked={Boolean(action.mediatypemediaRequired)}
            onChange={(event) => set({ mediatypemediaRequired: event.currentTarget.checked })}
            disabled={readOnly}
          />
        </Group>
      </Input.Wrapper>
      {action.mediatypemediaRequired && (
        <Input.Wrapper label={t('design.missions.mediaTypes')} error={at('mediaTypes')} withAsterisk labelElement="div">
          <Group gap="lg" mt={6} role="group" aria-label={t('design.missions.mediaTypes')}>
            {MEDIA_FLAGS.map(({ flag, label }) => (
              <Checkbox
                key={flag}
                label={t(`design.missions.${label}`)}
                checked={Boolean(action[flag])}
                onChange={(event) => set({ [flag]: event.currentTarget.checked })}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Input.Wrapper>
      )}
    </Stack>
  );
}

/** The fields of one sub-mission: title, description and its own (action or condition) accomplishment. */
function SubMissionFields({ bind, path, readOnly, gameId }: Omit<AccomplishmentEditorProps, 'nested'>) {
  const { t } = useTranslation();
  const title = bind<string>(`${path}.title`, '');
  const description = bind<string>(`${path}.description`, '');
  return (
    <>
      <TextInput
        label={t('design.missions.missionTitle')}
        value={title.value ?? ''}
        onChange={(event) => title.onChange(event.currentTarget.value)}
        error={errorOf(title.errors, title.errorPath)}
        readOnly={readOnly}
        withAsterisk
      />
      <RichTextEditor
        label={t('design.missions.description')}
        value={description.value ?? ''}
        onChange={description.onChange}
        error={errorOf(description.errors, description.errorPath)}
        readOnly={readOnly}
        withAsterisk
        minHeight={100}
      />
      <AccomplishmentEditor bind={bind} path={`${path}.accomplishment`} readOnly={readOnly} gameId={gameId} nested />
    </>
  );
}

/** The sub-missions of a mission: each with title, description and its own (action or condition) accomplishment. */
function SubMissionsEditor({ bind, path, readOnly, gameId }: Omit<AccomplishmentEditorProps, 'nested'>) {
  const { t } = useTranslation();

  return (
    <Stack gap="sm">
      <BoundSwitch
        bind={bind}
        path={`${path}.ordered`}
        readOnly={readOnly}
        label={t('design.missions.ordered')}
        description={t('design.missions.orderedHint')}
      />
      <BoundEditableList<SubMissionValue>
        bind={bind}
        path={`${path}.submissions`}
        newItem={newSubMission}
        readOnly={readOnly}
        labels={{
          list: t('design.missions.subMissions'),
          empty: t('design.missions.noSubMissions'),
          add: t('design.missions.addSubMission'),
          item: (number) => t('design.missions.subMission', { number }),
          remove: (number) => t('design.missions.removeSubMission', { number }),
          moveUp: (number) => t('design.missions.moveSubMissionUp', { number }),
          moveDown: (number) => t('design.missions.moveSubMissionDown', { number }),
        }}
        renderItem={(index) => (
          <SubMissionFields bind={bind} path={`${path}.submissions.${index}`} readOnly={readOnly} gameId={gameId} />
        )}
      />
    </Stack>
  );
}

/**
 * How a mission (or a sub-mission) is accomplished (spec 2 §3–5): by a
 * submission, by condition blocks, or by sub-missions (one level only).
 * Changing the type clears the parts of the other types.
 */
export function AccomplishmentEditor({ bind, path, readOnly, gameId, nested = false }: AccomplishmentEditorProps) {
  const { t } = useTranslation();
  const accomplishment = bind<AccomplishmentValue>(path, {});
  const value = accomplishment.value ?? {};
  const type = value.accomplishmentType ?? '';
  const types: readonly AccomplishmentType[] = nested ? SUB_MISSION_ACCOMPLISHMENT_TYPES : ACCOMPLISHMENT_TYPES;
  const notify = bind<boolean | null>(`${path}.notifyPlayer`, false);
  const condition = bind<ConditionBlockValue[]>(`${path}.condition`, []);
  const label = t('design.missions.accomplishment');

  return (
    <Stack gap="sm">
      <Radio.Group
        label={label}
        value={type || null}
        onChange={(next) => accomplishment.onChange(setAccomplishmentType(value, next as AccomplishmentType))}
        error={errorOf(accomplishment.errors, `${path}.accomplishmentType`) ?? errorOf(accomplishment.errors, path)}
        withAsterisk
      >
        <Group gap="lg" mt={6}>
          {types.map((option) => (
            <Radio
              key={option}
              value={option}
              label={t(`design.missions.accomplishmentTypes.${option}`)}
              disabled={readOnly}
            />
          ))}
        </Group>
      </Radio.Group>
      {type === 'action' && <SubmissionEditor bind={bind} path={path} readOnly={readOnly} />}
      {type === 'condition' && (
        <ConditionBlocksEditor
          {...condition}
          readOnly={readOnly}
          gameId={gameId}
          label={t('design.missions.condition')}
        />
      )}
      {type === 'submissions' && !nested && (
        <SubMissionsEditor bind={bind} path={path} readOnly={readOnly} gameId={gameId} />
      )}
      <Switch
        label={t('design.missions.notifyPlayer')}
        checked={Boolean(notify.value)}
        onChange={(event) => notify.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
    </Stack>
  );
}
