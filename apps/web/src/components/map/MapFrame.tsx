import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled, rounded box of a fixed height for a read-only map (its own stacking context keeps Leaflet's panes under modals). */
export function MapFrame({ h, label, children }: { h: number; label: string; children: ReactNode }) {
  return (
    <Box
      h={h}
      role="region"
      aria-label={label}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      {children}
    </Box>
  );
}
