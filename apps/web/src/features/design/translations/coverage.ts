import {
  CONTENT_LANGUAGE_NAMES,
  coverageOf,
  gameLanguagesOf,
  isContentLanguage,
  translatableTexts,
  workspaceEntitiesByKind,
  type LanguageCoverage,
} from '@loci/domain';
import type { Workspace } from '../../../api/design';

/** A content language's name in the console's language (English or Greek); an unknown code as itself. */
export function languageName(code: string, consoleLanguage: string): string {
  if (!isContentLanguage(code)) return code;
  return CONTENT_LANGUAGE_NAMES[code][consoleLanguage.startsWith('el') ? 'el' : 'en'];
}

const covered = new WeakMap<Workspace, LanguageCoverage[]>();

/** Each other language's coverage of the working design as loaded (recomputed whenever the workspace changes). */
export function workspaceCoverage(workspace: Workspace): LanguageCoverage[] {
  const cached = covered.get(workspace);
  if (cached) return cached;
  const { others } = gameLanguagesOf(workspace.game);
  const texts = translatableTexts({ game: workspace.game, entities: workspaceEntitiesByKind(workspace) });
  const coverage = others.map((language) => coverageOf(texts, workspace.translations ?? {}, language));
  covered.set(workspace, coverage);
  return coverage;
}
