import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designApi, designQueryKeys, type GameVersionSummary } from '../../../api/design';
import { notifyError, notifySuccess } from '../../../components/notify';
import { DESIGN_TEXTS, newGameVersionDefaults } from '@loci/domain';
import i18n from '../../../i18n';
import { versionLabel } from './version-label';

/** The fields of the publish and version forms (spec 2 §3). */
export type VersionValues = Pick<
  GameVersionSummary,
  'versionNotes' | 'restrictAccessToDesigner' | 'multipleInstances' | 'newInstancesAllowed'
>;

/** A new version's defaults: new instances allowed (spec 2 §3). */
export const NEW_VERSION_DEFAULTS: VersionValues = newGameVersionDefaults();

// Versions are named 'Version {n}' in the '{name} created / saved' toasts.
const nameOf = (version: GameVersionSummary) => versionLabel(version, i18n.t);

/** Publish, save and archive of game versions; each refreshes the workspace (versions and publishDue). */
export function useVersionMutations(gameId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });

  const publish = useMutation({
    mutationFn: (values: VersionValues) => designApi.publish(gameId, values),
    onSuccess: (version) => {
      notifySuccess(DESIGN_TEXTS.created(nameOf(version)));
      return refresh();
    },
    onError: (error) => notifyError(DESIGN_TEXTS.errorCreating('gameVersion'), error),
  });

  const update = useMutation({
    mutationFn: ({ id, values }: { id: string; values: Partial<VersionValues> }) =>
      designApi.updateVersion(gameId, id, values),
    onSuccess: (version) => {
      notifySuccess(DESIGN_TEXTS.saved(nameOf(version)));
      return refresh();
    },
    onError: (error) => notifyError(DESIGN_TEXTS.errorSaving('gameVersion'), error),
  });

  const archive = useMutation({
    mutationFn: (id: string) => designApi.archiveVersion(gameId, id),
    onSuccess: (version) => {
      notifySuccess(DESIGN_TEXTS.saved(nameOf(version)));
      return refresh();
    },
    onError: (error) => notifyError(DESIGN_TEXTS.errorSaving('gameVersion'), error),
  });

  return { publish, update, archive };
}
