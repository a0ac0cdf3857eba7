import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkspace } from '../useWorkspace';
import { newestFirst, versionLabel } from '../versions/version-label';
import '../common/locales';
import './locales';

/** Switches the initial world screens between the working version and the published ones (?versionId=). */
export function WorldVersionSelect({ gameId, value }: { gameId: string; value: string | null }) {
  const { t } = useTranslation();
  const { data: workspace } = useWorkspace(gameId);
  const [searchParams, setSearchParams] = useSearchParams();
  const versions = newestFirst(workspace?.versions ?? []);
  const live = versions.find((version) => version.isLiveSpec) ?? workspace?.current;
  const data = versions.map((version) => ({ value: version.id, label: versionLabel(version, t) }));
  if (live && !data.some((option) => option.value === live.id)) {
    data.unshift({ value: live.id, label: versionLabel(live, t) });
  }

  const handleChange = (versionId: string | null) => {
    const next = new URLSearchParams(searchParams);
    // The working version is the default: no parameter names it.
    if (!versionId || versionId === live?.id) next.delete('versionId');
    else next.set('versionId', versionId);
    setSearchParams(next);
  };

  return (
    <Select
      label={t('design.world.version')}
      data={data}
      value={value ?? live?.id ?? null}
      onChange={handleChange}
      allowDeselect={false}
      maw={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
