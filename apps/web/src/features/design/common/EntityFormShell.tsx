import { gameLanguagesOf, readableTitle, translatableTexts } from '@loci/domain';
import { Alert, Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormShell, type ShellForm } from '../../../components/forms';
import { PageLoader } from '../../../components/PageLoader';
import { FormLanguages } from '../translations/FormLanguages';
import type { EntityFormState } from './useEntityForm';
import './locales';
import { domainText } from '../../../i18n/domain';

export type { ShellForm };

export interface EntityFormShellProps<V extends object> {
  /** From useEntityForm(kind, entityId): entity, lock, rights, submit/remove/cancel. */
  entityForm: EntityFormState;
  /** The Mantine form (useForm) holding the values; its `validate` should call entityForm.validate. */
  form: ShellForm<V>;
  /** The heading (default: 'New <kind>' for a new entity, else the entity's name). */
  title?: ReactNode;
  /** Called with valid values on Save (default: `entityForm.submit(values, form)`, the values as the body). */
  onSubmit?: (values: V) => unknown;
  /** The fields. They sit in a disabled fieldset when read-only; pass `entityForm.readOnly` to rich text and maps. */
  children: ReactNode;
  /** Shows the Delete button for a stored entity (default true). */
  deletable?: boolean;
  /** What the delete confirmation names (default: the entity's name). */
  deleteName?: string;
  /** More buttons beside Save (e.g. 'Archive'). */
  extraActions?: ReactNode;
  /** Text under the heading. */
  description?: ReactNode;
  /** aria-label of the <form> (default: the title when it is a string). */
  label?: string;
}

/**
 * The frame of every design form (spec 2 §2, §4–6): FormShell with the
 * entity's lock (taken by useEntityForm), read-only note, Save / Delete /
 * Cancel, Delete asking 'Are you really sure?'. Loading and not-found states
 * show instead of the form. The breadcrumb is the workspace shell's. A stored
 * entity with texts players read, in a game of several languages, gets the
 * language switch (issue 31: FormLanguages), its texts side by side in each
 * other language.
 */
export function EntityFormShell<V extends object>({
  entityForm,
  form,
  title,
  onSubmit,
  children,
  deletable = true,
  deleteName,
  extraActions,
  description,
  label,
}: EntityFormShellProps<V>) {
  const { t } = useTranslation();
  const { entity, isNew, readOnly, canEdit, lock, inModal } = entityForm;
  const heading =
    title ??
    (isNew
      ? t('design.newOf', { label: t(`design.kinds.${entityForm.kind}`), context: entityForm.kind })
      : (entity?.name ?? ''));
  const handleSubmit = onSubmit ?? ((values: V) => void entityForm.submit(values, form));

  if (entityForm.isLoading) return <PageLoader label={domainText(t, 'DESIGN_TEXTS', 'loading')} />;
  if (entityForm.notFound) {
    return (
      <Alert color="gray" variant="light" title={t('design.unknownPage')}>
        <Anchor component={Link} to={`/games/${entityForm.gameId}`}>
          {t('design.goBack')}
        </Anchor>
      </Alert>
    );
  }

  const shell = (
    <FormShell
      form={form}
      onSubmit={handleSubmit}
      title={heading}
      description={description}
      label={label}
      lock={lock}
      canEdit={canEdit}
      readOnlyNote={t('design.readOnly')}
      readOnly={readOnly}
      inModal={inModal}
      onCancel={entityForm.cancel}
      deletion={
        !isNew && deletable
          ? {
              title: t('design.deleteTitle', { name: deleteName ?? entity?.name ?? '' }),
              text: domainText(t, 'DESIGN_TEXTS', 'confirmDelete'),
              onConfirm: entityForm.remove,
              loading: entityForm.isDeleting,
            }
          : undefined
      }
      extraActions={extraActions}
      saving={entityForm.isSaving}
      permit={entityForm.permit}
    >
      {children}
    </FormShell>
  );
  const languages = gameLanguagesOf(entityForm.workspace?.game ?? {});
  const texts = entity ? translatableTexts({ entities: { [entityForm.kind]: [entity] } }) : [];
  if (!entity || inModal || languages.others.length === 0 || texts.length === 0) return shell;
  return (
    <FormLanguages
      gameId={entityForm.gameId}
      languages={languages}
      select={(row) => row.kind === entityForm.kind && row.entityId === entity.id}
      name={readableTitle(entity)}
      readOnly={!canEdit}
    >
      {shell}
    </FormLanguages>
  );
}
