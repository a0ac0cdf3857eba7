import { PAYLOAD_IMAGE_WIDTH, type ImagePayloadValue, type WorldEntryType } from '@loci/domain';
import { Alert, Input, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mediaThumbUrl } from '../../../api/media';
import { MediaPickerField } from '../../media';
import { unsupportedText, type PayloadField } from './world-values';
import './locales';

export interface PayloadFieldsProps {
  gameId: string;
  type: WorldEntryType;
  fields: readonly PayloadField[];
  value: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  /** Errors by the form's paths ('payload.{key}'). */
  errors: Record<string, unknown>;
  readOnly: boolean;
}

function imageIdOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id || null;
  }
  return null;
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The payload of a world object or offer, one input per field of its type's
 * payloadSpec (spec 3 §3, §5): string, email, number and text inputs, and an
 * image from the media library asked at 800 px (objects) or 300 px (offers).
 * Any other type shows 'Type {type} not yet supported'.
 */
export function PayloadFields({ gameId, type, fields, value, onChange, errors, readOnly }: PayloadFieldsProps) {
  const { t } = useTranslation();
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('design.world.noPayload')}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {fields.map((field) => {
        const error = errors[`payload.${field.key}`] as string | undefined;
        const common = { label: field.label, withAsterisk: field.required, error, readOnly };
        const current = value[field.key];
        switch (field.type) {
          case 'string':
          case 'email':
            return (
              <TextInput
                key={field.key}
                {...common}
                type={field.type === 'email' ? 'email' : 'text'}
                value={textOf(current)}
                onChange={(event) => onChange(field.key, event.currentTarget.value)}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={field.key}
                {...common}
                value={typeof current === 'number' || typeof current === 'string' ? current : ''}
                onChange={(next) => onChange(field.key, next)}
              />
            );
          case 'text':
            return (
              <Textarea
                key={field.key}
                {...common}
                autosize
                minRows={3}
                value={textOf(current)}
                onChange={(event) => onChange(field.key, event.currentTarget.value)}
              />
            );
          case 'image':
            return (
              <MediaPickerField
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                error={error}
                gameId={gameId}
                disabled={readOnly}
                value={imageIdOf(current)}
                onChange={(mediaId) =>
                  onChange(
                    field.key,
                    mediaId
                      ? ({
                          id: mediaId,
                          type: 'image',
                          uri: mediaThumbUrl(gameId, mediaId, { width: PAYLOAD_IMAGE_WIDTH[type], square: false }),
                        } satisfies ImagePayloadValue)
                      : null,
                  )
                }
              />
            );
          default:
            return (
              <Input.Wrapper key={field.key} label={field.label}>
                <Alert color="gray" variant="light" icon={<IconAlertTriangle size={16} />} mt={4} py="xs">
                  {unsupportedText(field.type)}
                </Alert>
              </Input.Wrapper>
            );
        }
      })}
    </Stack>
  );
}
