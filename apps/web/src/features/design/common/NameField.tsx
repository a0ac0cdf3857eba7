import { TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useRef, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { designApi } from '../../../api/design';
import type { EntityFormState } from './useEntityForm';
import './locales';
import { domainText } from '../../../i18n/domain';

/** The part of a Mantine form (useForm) NameField uses; the form's values must have `name`. */
export interface NameFieldForm {
  getInputProps: (path: 'name') => GetInputPropsReturnType;
  getValues: () => object;
  setFieldError: (path: string, error: string | null) => void;
}

export interface NameFieldProps {
  form: NameFieldForm;
  /** From useEntityForm: game, kind (the asyncValidateForm `activeForm`), id and read-only state. */
  entityForm: Pick<EntityFormState, 'gameId' | 'kind' | 'entityId' | 'readOnly'>;
  /** The `activeForm` sent to asyncValidateForm (default: the entity kind). */
  activeForm?: string;
  label?: string;
}

/**
 * The system-name input of design forms (spec 2 §3, §5): the tooltip saying it
 * is internal and unique per element type, and the asynchronous check on blur
 * (POST /api/design/utils/asyncValidateForm), whose errors show on their fields.
 */
export function NameField({ form, entityForm, activeForm, label }: NameFieldProps) {
  const { t } = useTranslation();
  const { gameId, kind, entityId, readOnly } = entityForm;
  const inputProps = form.getInputProps('name');
  // Only the last check may set the error.
  const check = useRef(0);
  // Fields whose error came from the last check, cleared when a later check passes.
  const flagged = useRef<string[]>([]);

  const handleBlur = async (event: FocusEvent<HTMLInputElement>) => {
    inputProps.onBlur?.(event);
    if (readOnly || !gameId) return;
    const values: Record<string, unknown> = { ...(form.getValues() as Record<string, unknown>) };
    if (entityId) values.id = entityId;
    if (typeof values.name !== 'string' || !values.name.trim()) return;
    const mine = ++check.current;
    try {
      const answer = await designApi.asyncValidate(gameId, {
        values,
        activeForm: activeForm ?? kind,
        blurredField: 'name',
      });
      if (mine !== check.current) return;
      for (const path of flagged.current) form.setFieldError(path, null);
      flagged.current = answer.success ? [] : Object.keys(answer.errors);
      if (!answer.success) for (const [path, error] of Object.entries(answer.errors)) form.setFieldError(path, error);
    } catch {
      // The check is a convenience: Save validates again on the server.
    }
  };

  return (
    <TextInput
      {...inputProps}
      onBlur={(event) => void handleBlur(event)}
      label={label ?? t('design.name')}
      withAsterisk
      readOnly={readOnly}
      rightSection={
        <Tooltip label={domainText(t, 'DESIGN_TEXTS', 'systemNameTooltip')} multiline w={260} withArrow>
          <IconInfoCircle size={18} aria-label={domainText(t, 'DESIGN_TEXTS', 'systemNameTooltip')} role="img" />
        </Tooltip>
      }
    />
  );
}
