import { Box, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** A playtest's trace on a phone: a drawer behind the header's Trace button (loaded with the first opening). */
export function TraceDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="100%" title={null} padding={0}>
      <Box h="calc(100dvh - 60px)">{children}</Box>
    </Drawer>
  );
}
