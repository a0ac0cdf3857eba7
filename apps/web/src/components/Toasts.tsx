import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOASTS_TOP_VAR } from './toasts-offset';

/**
 * Where toasts go: on a wide screen at the bottom left, clear of the tabs, the
 * headers and the playtest's Trace and Reset; on a phone at the top, clear of
 * the player's bottom bar — and below the header on screen (`useToastsBelowHeader`). The margin moves only the
 * containers anchored at the top: those at the bottom have no top edge to push.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Notifications
      position={phone ? 'top-center' : 'bottom-left'}
      limit={3}
      styles={{ root: { marginTop: `var(${TOASTS_TOP_VAR}, 0px)` } }}
    />
  );
}
