import { Drawer } from '@mantine/core';
import type { PlayEvent } from '../../../api/play';
import type { PerceivedThing } from '../board/PlayMap';
import type { LatLng } from '../gps/geolocation';
import type { SpecIndex } from '../spec-index';
import { SHEET_STYLES } from './sheet-styles';
import { ThingSheet } from './ThingSheet';

/** The sheet of the object or offer the player tapped; it closes once they act on it. */
export function ThingDrawer({
  thing,
  index,
  busy,
  position = null,
  mapGame = true,
  heading = null,
  onSend,
  onClose,
}: {
  thing: PerceivedThing | undefined;
  index: SpecIndex;
  busy: boolean;
  position?: LatLng | null;
  mapGame?: boolean;
  heading?: number | null;
  onSend: (event: PlayEvent) => void;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={Boolean(thing)}
      onClose={onClose}
      position="bottom"
      size="auto"
      withCloseButton
      title={null}
      styles={SHEET_STYLES}
    >
      {thing && (
        <ThingSheet
          thing={thing}
          index={index}
          busy={busy}
          position={position}
          mapGame={mapGame}
          heading={heading}
          onSend={(event) => {
            onSend(event);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}
