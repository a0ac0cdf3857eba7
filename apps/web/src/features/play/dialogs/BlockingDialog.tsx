import { Box, FocusTrap, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * What waits for the player's answer, over the map only: the header (menu),
 * the player's tools and the playtest's trace stay usable meanwhile.
 */
export function BlockingDialog({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 1000,
        background: 'rgba(0, 0, 0, 0.35)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 'var(--mantine-spacing-sm)',
      }}
    >
      <FocusTrap active>
        <Paper
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          shadow="lg"
          radius="md"
          p="md"
          w="100%"
          maw={480}
          mah="100%"
          style={{ overflowY: 'auto' }}
        >
          <Title order={2} size="h4" id={titleId} mb="sm">
            {title}
          </Title>
          {children}
        </Paper>
      </FocusTrap>
    </Box>
  );
}
