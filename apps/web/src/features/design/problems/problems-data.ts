import { isDomainTextRef, renderDomainText, sceneEntryOf, workspaceEntitiesByKind, type Media } from '@loci/domain';
import { checkGame, countProblems, type Problem, type ProblemEntity } from '@loci/engine/problems';
import type { Workspace } from '../../../api/design';
import { useMediaList } from '../../media/queries';
import { DESIGN_KIND_VIEWS } from '../kinds';
import { languageOfT } from '../../../i18n/domain';

/**
 * A finding's sentence in the interface language: its `messageKey` of PROBLEM_MESSAGES with its `params`
 * (English and Greek in @loci/domain's catalogue); its English `message` for a finding without a key (an older server).
 */
export function problemMessage(t: Parameters<typeof languageOfT>[0], problem: Problem): string {
  const ref = { group: 'PROBLEM_MESSAGES', key: problem.messageKey, args: [problem.params] };
  return isDomainTextRef(ref) ? renderDomainText(ref, languageOfT(t)) : problem.message;
}

// One check per workspace answer and media list: the sidebar, the panel, the graph and Publish share it.
const checked = new WeakMap<Workspace, WeakMap<object, Problem[]>>();
const UNKNOWN_LIBRARY: readonly Media[] = [];

/**
 * The findings of the design checker on the workspace as loaded (recomputed
 * whenever the query data changes). With the game's media library, references
 * to media no longer in it are reported too.
 */
export function problemsOf(workspace: Workspace, media?: readonly Media[]): Problem[] {
  const library = media ?? UNKNOWN_LIBRARY;
  let byLibrary = checked.get(workspace);
  if (!byLibrary) checked.set(workspace, (byLibrary = new WeakMap()));
  let problems = byLibrary.get(library);
  if (!problems) {
    const entities = workspaceEntitiesByKind(workspace);
    problems = checkGame({
      game: {
        id: workspace.game.id,
        title: workspace.game.title,
        language: workspace.game.language,
        market: workspace.game.market,
        currencyName: workspace.game.currencyName,
        logoId: workspace.game.logoId,
        pg: { type: workspace.game.pg.type },
        startSceneId: workspace.game.startSceneId ?? null,
        sceneEntry: sceneEntryOf(workspace.game),
        otherLanguages: workspace.game.otherLanguages ?? [],
        requiredLanguages: workspace.game.requiredLanguages ?? [],
      },
      translations: workspace.translations ?? {},
      entities,
      initialState: workspace.current.initialState,
      ...(media ? { mediaIds: media.map((medium) => medium.id) } : {}),
    });
    byLibrary.set(library, problems);
  }
  return problems;
}

/** The findings on the workspace, with the game's media library once it has loaded (shared query). */
export function useProblems(gameId: string, workspace: Workspace): Problem[];
export function useProblems(gameId: string, workspace: Workspace | undefined): Problem[] | undefined;
export function useProblems(gameId: string, workspace: Workspace | undefined): Problem[] | undefined {
  const { data: media } = useMediaList(gameId, { enabled: Boolean(workspace) });
  return workspace ? problemsOf(workspace, media) : undefined;
}

export { countProblems };

/** Where the editor of a finding's entity is, under the workspace's base path (/games/{id}). */
export function problemPath(base: string, entity: ProblemEntity): string {
  switch (entity.kind) {
    case 'game':
      return base;
    case 'worldObject':
      return `${base}/initialState/edit/${entity.id}/objects`;
    case 'worldOffer':
      return `${base}/initialState/edit/${entity.id}/offers`;
    default: {
      const view = DESIGN_KIND_VIEWS.find((candidate) => candidate.kind === entity.kind);
      const itemPath = view?.itemPath?.({ id: entity.id, gameId: '', name: '' }) ?? `edit/${entity.id}`;
      return `${base}/${view?.segment ?? entity.kind}/${itemPath}`;
    }
  }
}

/** The findings about one entity, by `kind:id`. */
export function problemsByEntity(problems: readonly Problem[]): Map<string, Problem[]> {
  const byEntity = new Map<string, Problem[]>();
  for (const problem of problems) {
    const key = `${problem.entity.kind}:${problem.entity.id}`;
    byEntity.set(key, [...(byEntity.get(key) ?? []), problem]);
  }
  return byEntity;
}
