import { Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorOf, type Binder } from '../conditions/form-binding';
import type { DirectionValue } from './interaction-values';
import './locales';

/** A direction (spec 2 §3, §5): shown when `isDirection`, and then its title is required. */
export function DirectionFields({ bind, path, readOnly }: { bind: Binder; path: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const { value, onChange, errors } = bind<DirectionValue | null>(path, null);
  const direction = value ?? { isDirection: false, title: '' };
  return (
    <Stack gap="xs">
      <Switch
        label={t('design.interactions.direction.isDirection')}
        checked={Boolean(direction.isDirection)}
        onChange={(event) => onChange({ ...direction, isDirection: event.currentTarget.checked })}
        disabled={readOnly}
      />
      {direction.isDirection && (
        <TextInput
          label={t('design.interactions.direction.title')}
          value={direction.title ?? ''}
          onChange={(event) => onChange({ ...direction, title: event.currentTarget.value })}
          error={errorOf(errors, `${path}.title`)}
          readOnly={readOnly}
          withAsterisk
        />
      )}
    </Stack>
  );
}
