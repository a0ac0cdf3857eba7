import type { PlayerView } from '@loci/engine';
import type { PlayEvent, PlayGameInfo } from '../../../api/play';
import type { LatLng } from '../gps/geolocation';
import type { SpecEntityOf, SpecIndex } from '../spec-index';
import { AroundPanel } from './AroundPanel';
import { MarketPanel, RankingsPanel } from './MarketPanels';
import { BackpackPanel, CodesPanel, CreatePanel, SkillsPanel, TasksPanel } from './PlayerPanels';
import { TradePanel } from './TradePanel';

export type PanelName =
  'backpack' | 'market' | 'skills' | 'tasks' | 'codes' | 'create' | 'around' | 'rankings' | 'trade';

/** The device's compass, for the orientation panel. */
export interface CompassState {
  heading: number | null;
  needsPermission: boolean;
  request: () => Promise<void>;
}

/** The sheet of one of the player's tools (PlayerTools' bar opens it; loaded with the first one opened). */
export function ToolPanel({
  panel,
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
  onClose,
}: {
  panel: PanelName;
  instanceId: string | null;
  game: PlayGameInfo;
  view: PlayerView;
  index: SpecIndex;
  position: LatLng | null;
  busy: boolean;
  creatable: Array<SpecEntityOf<'archetype'>>;
  onSend: (event: PlayEvent) => void;
  onUpload: (file: File) => Promise<string>;
  compass?: CompassState;
  onClose: () => void;
}) {
  const caps = game.capabilities;
  return (
    <>
      {panel === 'backpack' && <BackpackPanel view={view} index={index} busy={busy} onSend={onSend} />}
      {panel === 'market' && <MarketPanel view={view} index={index} busy={busy} onSend={onSend} />}
      {panel === 'skills' && <SkillsPanel view={view} index={index} />}
      {panel === 'rankings' && instanceId && <RankingsPanel instanceId={instanceId} view={view} />}
      {panel === 'trade' && instanceId && <TradePanel instanceId={instanceId} />}
      {panel === 'tasks' && <TasksPanel view={view} index={index} busy={busy} onSend={onSend} onUpload={onUpload} />}
      {panel === 'codes' && (
        <CodesPanel typeCodes={caps.typeCodes} scanCodes={caps.scanCodes} busy={busy} onSend={onSend} />
      )}
      {panel === 'around' && (
        <AroundPanel
          view={view}
          index={index}
          position={position}
          heading={compass?.heading ?? null}
          needsPermission={compass?.needsPermission ?? false}
          onAskCompass={() => void compass?.request()}
          directions={caps.seeDirections}
        />
      )}
      {panel === 'create' && (
        <CreatePanel
          archetypes={creatable}
          position={position}
          busy={busy}
          onSend={(event) => {
            onSend(event);
            onClose();
          }}
        />
      )}
    </>
  );
}
