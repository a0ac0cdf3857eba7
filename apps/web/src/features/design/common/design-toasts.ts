import { DESIGN_KIND_INFO, DESIGN_TEXTS, type DesignKind } from '@loci/domain';
import i18n, { currentLanguage } from '../../../i18n';
import './locales';

/**
 * The kind a toast names: the spec's English word in English (`english`), else the kind's label in the
 * interface language (`design.kinds.*`), so a Greek toast never carries an English word.
 */
function kindWord(kind: DesignKind, english: string, lowerCase: boolean): string {
  if (currentLanguage() === 'en') return english;
  const label = i18n.t(`design.kinds.${kind}`, { defaultValue: DESIGN_KIND_INFO[kind].label });
  return lowerCase ? label.toLocaleLowerCase(currentLanguage()) : label;
}

// The toasts and error titles of spec 2 §7–8 for one kind: milestones and
// locations have their own wordings, rules their own save texts.

/** 'Milestone {name} created', 'Location {name} created' or '{name} created'. */
export function createdText(kind: DesignKind, name: string): string {
  if (kind === 'milestone') return DESIGN_TEXTS.milestoneCreated(name);
  if (kind === 'location') return DESIGN_TEXTS.locationCreated(name);
  return DESIGN_TEXTS.created(name);
}

/** 'Milestone {name} saved', 'Location {name} saved', 'Rule {name} saved' or '{name} saved'. */
export function savedText(kind: DesignKind, name: string): string {
  if (kind === 'milestone') return DESIGN_TEXTS.milestoneSaved(name);
  if (kind === 'location') return DESIGN_TEXTS.locationSaved(name);
  if (kind === 'rule') return DESIGN_TEXTS.ruleSaved(name);
  return DESIGN_TEXTS.saved(name);
}

/** 'Milestone deleted', 'Location deleted' or '{kind} deleted'. */
export function deletedText(kind: DesignKind): string {
  if (kind === 'milestone') return DESIGN_TEXTS.milestoneDeleted;
  if (kind === 'location') return DESIGN_TEXTS.locationDeleted;
  return DESIGN_TEXTS.deleted(kindWord(kind, DESIGN_KIND_INFO[kind].label, false));
}

/** 'Error creating milestone', 'Error creating location' or 'Error creating {kind}'. */
export function errorCreatingText(kind: DesignKind): string {
  if (kind === 'milestone') return DESIGN_TEXTS.errorCreatingMilestone;
  if (kind === 'location') return DESIGN_TEXTS.errorCreatingLocation;
  return DESIGN_TEXTS.errorCreating(kindWord(kind, kind, true));
}

/** 'Error saving rule {id}', 'Error saving milestone {id}', 'Error saving location {id}' or 'Error saving {kind}'. */
export function errorSavingText(kind: DesignKind, id: string): string {
  if (kind === 'rule') return DESIGN_TEXTS.errorSavingRule(id);
  if (kind === 'milestone') return DESIGN_TEXTS.errorSavingMilestone(id);
  if (kind === 'location') return DESIGN_TEXTS.errorSavingLocation(id);
  return DESIGN_TEXTS.errorSaving(kindWord(kind, kind, true));
}

/** 'Error deleting milestone {id}', 'Error deleting location {id}' or 'Error deleting {kind}'. */
export function errorDeletingText(kind: DesignKind, id: string): string {
  if (kind === 'milestone') return DESIGN_TEXTS.errorDeletingMilestone(id);
  if (kind === 'location') return DESIGN_TEXTS.errorDeletingLocation(id);
  return DESIGN_TEXTS.errorDeleting(kindWord(kind, kind, true));
}
