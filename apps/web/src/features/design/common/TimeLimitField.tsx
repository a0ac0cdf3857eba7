import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorOf, type Binder } from '../conditions/form-binding';
import './time-limit-locales';

/**
 * A task's time limit (issue 28): seconds to answer a question or quiz, minutes to accomplish a mission, from
 * the moment it is asked or assigned. Empty means no limit. The server's clock runs it out, with the phone idle.
 */
export function TimeLimitField({
  bind,
  path,
  unit,
  min,
  max,
  readOnly,
}: {
  bind: Binder;
  path: string;
  unit: 'seconds' | 'minutes';
  min: number;
  max: number;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const field = bind<number | string | null>(path, null);
  return (
    <NumberInput
      label={t(`design.timeLimit.label.${unit}`)}
      description={t(`design.timeLimit.hint.${unit}`)}
      placeholder={t('design.timeLimit.none')}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value === '' ? null : value)}
      error={errorOf(field.errors, path)}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      readOnly={readOnly}
      maw={320}
    />
  );
}
