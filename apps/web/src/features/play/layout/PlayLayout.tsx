import { Box, Button, Group } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastsBelowHeader } from '../../../components/toasts-offset';
import { usePlayReadOnly } from '../watch/read-only';

const HEADER_HEIGHT = 48;

// Only a playtest on a phone opens it: not part of the player's first load.
const TraceDrawer = lazy(() => import('./TraceDrawer').then((m) => ({ default: m.TraceDrawer })));

/**
 * The play screen's frame: the header, the map (or image) with what lies over it,
 * the tools bar — and in a playtest the trace, a right column on a wide screen,
 * a drawer behind the header's Trace button on a phone.
 */
export function PlayLayout({
  wide,
  heading,
  menu,
  trace,
  tools,
  children,
}: {
  wide: boolean;
  heading: ReactNode;
  menu: ReactNode;
  /** The playtest's trace; null in real play. */
  trace: ReactNode;
  tools: ReactNode;
  /** The board and what lies over it. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [traceOpen, setTraceOpen] = useState(false);
  const readOnly = usePlayReadOnly();
  // Read-only, the screen fills the operator's frame rather than the window (and its header is not at the top).
  const height = readOnly ? '100%' : '100dvh';
  useToastsBelowHeader(HEADER_HEIGHT, !readOnly);
  return (
    <Box style={{ height, display: 'flex', flexDirection: 'column' }}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        h={HEADER_HEIGHT}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flex: 'none' }}
      >
        {heading}
        <Group gap={4} wrap="nowrap">
          {trace && !wide && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconBug size={14} />}
              onClick={() => setTraceOpen(true)}
            >
              {t('play.bar.trace')}
            </Button>
          )}
          {menu}
        </Group>
      </Group>

      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {/* Leaflet's panes carry z-indexes of 400+: keep them inside the map, under drawers and dialogs. */}
        <Box style={{ flex: 1, position: 'relative', minWidth: 0, isolation: 'isolate' }}>{children}</Box>
        {trace && wide && (
          <Box
            w={400}
            style={{ flex: 'none', borderLeft: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
          >
            {trace}
          </Box>
        )}
      </Box>

      {tools}

      {trace && !wide && (
        <Suspense fallback={null}>
          <TraceDrawer opened={traceOpen} onClose={() => setTraceOpen(false)}>
            {trace}
          </TraceDrawer>
        </Suspense>
      )}
    </Box>
  );
}
