import { designEntitySchema, type DesignEntityOf, type DesignKind } from '@loci/domain';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useStoredValues } from '../../../components/forms';
import { useEntityForm, type EntityFormState, type UseEntityFormOptions } from './useEntityForm';
import { schemaContextOf } from './workspace-data';

export interface UseDesignEntityFormOptions<K extends DesignKind, V> extends UseEntityFormOptions {
  /** Makes a new entity's values (called once, on the first render). */
  initialValues: (entityForm: EntityFormState<K>) => V;
  /** The form values of the stored entity; the form is reset to them whenever the stored entity changes. */
  fromEntity: (entity: DesignEntityOf<K>, entityForm: EntityFormState<K>) => V;
  /** Replaces the kind's client rules (default: `entityForm.validate`, the domain's schema for this game). */
  validate?: (values: V, entityForm: EntityFormState<K>) => FormErrors;
}

/**
 * The one recipe of a design form: useEntityForm (entity, lock, rights,
 * submit) with the Mantine form validated by the kind's domain schema and
 * reset to the stored entity when it changes (and the form is not dirty).
 */
export function useDesignEntityForm<K extends DesignKind, V extends object>(
  kind: K,
  entityId: string | undefined,
  { initialValues, fromEntity, validate, ...options }: UseDesignEntityFormOptions<K, V>,
): {
  entityForm: EntityFormState<K>;
  form: UseFormReturnType<V>;
  /** Saves the values as the kind's domain schema parses them (defaults filled, unknown fields dropped). */
  submitParsed: (values: V) => void;
} {
  const entityForm = useEntityForm(kind, entityId, options);
  const [initial] = useState(() => initialValues(entityForm));
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => (validate ? validate(values, entityForm) : entityForm.validate(values)),
  });
  useStoredValues(form, entityForm.entity, (entity) => fromEntity(entity, entityForm));
  const submitParsed = (values: V) => {
    const body = designEntitySchema(kind, schemaContextOf(entityForm.workspace)).parse(values);
    void entityForm.submit(body, form);
  };
  return { entityForm, form, submitParsed };
}
