import type { PlayerView } from '@loci/engine';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBackpack,
  IconBuildingStore,
  IconCompass,
  IconDots,
  IconKeyboard,
  IconListCheck,
  IconPlus,
  IconStars,
  IconTransfer,
  IconTrophy,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { SheetContent } from './ToolSheet';
import { useTranslation } from 'react-i18next';
import type { PlayEvent, PlayGameInfo } from '../../../api/play';
import type { LatLng } from '../gps/geolocation';
import type { SpecIndex } from '../spec-index';
import { showsMarket, showsRankings, showsTrade } from './panel-rules';
import type { CompassState, PanelName } from './ToolPanel';
import '../gps/locales';

export type { CompassState } from './ToolPanel';

// The sheet (Mantine's drawer) and its contents load when the player opens a tool, not with the map.
const ToolSheet = lazy(() => import('./ToolSheet').then((m) => ({ default: m.ToolSheet })));

/** On a phone the bar holds at most this many buttons; past it, the last one is "More" with the rest. */
const PHONE_BAR_SIZE = 5;

/** One button of the bar. */
function BarButton({ icon, label, ...button }: { icon: ReactNode; label: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton {...button} aria-label={label} style={{ flex: 1, padding: '6px 2px' }}>
      <Stack gap={0} align="center">
        {icon}
        <Text size="xs" lh={1.2}>
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** The bar of the player's tools the game's capabilities allow, and the sheet each opens. */
export function PlayerTools({
  instanceId,
  game,
  view,
  index,
  position,
  playtest,
  busy,
  onSend,
  onUpload,
  compass,
  interrupted,
}: {
  compass?: CompassState;
  /** A story dialog is up: an open sheet closes, so the dialog is not left behind the sheet's overlay. */
  interrupted?: boolean;
  /** The instance played (null only before the start answers). */
  instanceId: string | null;
  game: PlayGameInfo;
  view: PlayerView;
  index: SpecIndex;
  position: LatLng | null;
  playtest: boolean;
  busy: boolean;
  onSend: (event: PlayEvent) => void;
  /** Uploads a submission's file; resolves to the medium's id. */
  onUpload: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<SheetContent | null>(null);
  // The sheet's code loads with the first tool opened, then stays (for its closing slide).
  const [sheetUsed, setSheetUsed] = useState(false);
  const open = (content: SheetContent) => {
    setSheet(content);
    setSheetUsed(true);
  };
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  useEffect(() => {
    if (interrupted) setSheet(null);
  }, [interrupted]);
  const caps = game.capabilities;
  const creatable = index.list('archetype').filter((archetype) => archetype.playerGenerated);
  const panels: Array<{ name: PanelName; icon: ReactNode; shown: boolean }> = [
    { name: 'backpack', icon: <IconBackpack size={22} />, shown: caps.seeBackPack || playtest },
    { name: 'market', icon: <IconBuildingStore size={22} />, shown: showsMarket(game, index, view) },
    { name: 'skills', icon: <IconStars size={22} />, shown: caps.seeSkills },
    { name: 'tasks', icon: <IconListCheck size={22} />, shown: caps.seeTasks },
    { name: 'codes', icon: <IconKeyboard size={22} />, shown: caps.typeCodes || caps.scanCodes },
    { name: 'create', icon: <IconPlus size={22} />, shown: creatable.length > 0 },
    {
      name: 'around',
      icon: <IconCompass size={22} />,
      // On every map: the map's places and things as a list, in words (the game's seeDirections adds the target
      // and the compass).
      shown: game.pg.type !== 'image',
    },
    { name: 'rankings', icon: <IconTrophy size={22} />, shown: instanceId !== null && showsRankings(game, view) },
    { name: 'trade', icon: <IconTransfer size={22} />, shown: instanceId !== null && showsTrade(game) },
  ];
  const shown = panels.filter((entry) => entry.shown);
  const crowded = phone && shown.length > PHONE_BAR_SIZE;
  const inBar = crowded ? shown.slice(0, PHONE_BAR_SIZE - 1) : shown;
  const inMenu = crowded ? shown.slice(PHONE_BAR_SIZE - 1) : [];
  return (
    <>
      <Group
        gap={0}
        wrap="nowrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', flex: 'none' }}
        role="toolbar"
        aria-label={t('play.bar.label')}
      >
        {inBar.map((entry) => (
          <BarButton
            key={entry.name}
            icon={entry.icon}
            label={t(`play.bar.${entry.name}`)}
            onClick={() => open({ panel: entry.name })}
          />
        ))}
        {inMenu.length > 0 && (
          <BarButton icon={<IconDots size={22} />} label={t('play.bar.more')} onClick={() => open({ more: inMenu })} />
        )}
      </Group>

      {sheetUsed && (
        <Suspense fallback={null}>
          <ToolSheet
            content={sheet}
            onClose={() => setSheet(null)}
            onOpen={(name) => open({ panel: name })}
            panelProps={{
              instanceId,
              game,
              view,
              index,
              position,
              busy,
              creatable,
              onSend,
              onUpload,
              compass,
            }}
          />
        </Suspense>
      )}
    </>
  );
}
