import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts go: on a wide screen at the bottom left, clear of the tabs, the
 * headers and the playtest's Trace and Reset; on a phone at the top, clear of
 * the player's bottom bar.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'top-center' : 'bottom-left'} limit={3} />;
}
