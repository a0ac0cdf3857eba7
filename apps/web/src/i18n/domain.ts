import {
  domainTextIn,
  languageOf,
  translateDomainMessage,
  type DomainCatalogue,
  type DomainGroup,
  type DomainKey,
  type InterfaceLanguage,
} from '@loci/domain';
import i18n from './index';

// The texts of @loci/domain in the interface language. Apart from ./index.ts, because they need the domain's
// whole catalogue (and the modules that define its messages): the player's first load does without.

type DomainArguments<T> = T extends (...args: infer A) => string ? A : [];
type DomainAnswer<T> = T extends (...args: never[]) => string ? string : T;

/** What `domainText` needs of i18next's `t`: its language (the `languageCode` key of each language file). */
type Translate = (key: 'languageCode', options: { defaultValue: string }) => string;

/** The interface language a `t` speaks (English for any other). */
export function languageOfT(t: Translate): InterfaceLanguage {
  return languageOf(t('languageCode', { defaultValue: 'en' })) ?? 'en';
}

/**
 * A text of @loci/domain (DESIGN_TEXTS, OPERATION_TEXTS, USER_MESSAGES…: the spec's exact English) in the
 * interface language: `domainText(t, 'DESIGN_TEXTS', 'saved', name)`. The English comes from the domain
 * package (never retyped here), the Greek from its catalogue (packages/domain/src/i18n/el.ts).
 */
export function domainText<G extends DomainGroup, K extends DomainKey<G>>(
  t: Translate,
  group: G,
  key: K,
  ...args: DomainArguments<DomainCatalogue[G][K]>
): DomainAnswer<DomainCatalogue[G][K]> {
  return domainTextIn(languageOfT(t), group, key, ...args) as DomainAnswer<DomainCatalogue[G][K]>;
}

/** A text of USER_MESSAGES in the interface language (see `domainText`). */
export function userMessage(t: Translate, key: DomainKey<'USER_MESSAGES'>): string {
  return domainText(t, 'USER_MESSAGES', key);
}

/**
 * A message that may be one of @loci/domain's English texts (a toast made from a domain constant, a field
 * error of a domain schema) in the current interface language; any other text as it is.
 */
export function inInterfaceLanguage(message: string): string {
  return translateDomainMessage(message, languageOf(i18n.language) ?? 'en');
}
