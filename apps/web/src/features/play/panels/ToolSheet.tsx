import { Drawer, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_STYLES } from './sheet-styles';
import type { PanelName, ToolPanel as ToolPanelType } from './ToolPanel';

// The sheets' contents (and their forms: number and select inputs, the uploader) load with the first one opened.
const ToolPanel = lazy(() => import('./ToolPanel').then((m) => ({ default: m.ToolPanel })));

/** What the bar's sheet shows: one tool, or "More" — the tools a full phone bar has no room for. */
export type SheetContent = { panel: PanelName } | { more: Array<{ name: PanelName; icon: ReactNode }> };

/**
 * The bottom sheet of the player's tools. It loads with the first tool the player opens (Mantine's drawer, its
 * focus trap and scroll lock are not part of the map's first load: bench/player-load.bench.mjs).
 */
export function ToolSheet({
  content,
  onClose,
  onOpen,
  panelProps,
}: {
  content: SheetContent | null;
  onClose: () => void;
  /** Opens another tool (from the "More" sheet). */
  onOpen: (panel: PanelName) => void;
  panelProps: Omit<Parameters<typeof ToolPanelType>[0], 'panel' | 'onClose'>;
}) {
  const { t } = useTranslation();
  const title = content === null ? '' : 'panel' in content ? t(`play.bar.${content.panel}`) : t('play.bar.more');
  return (
    <Drawer
      opened={content !== null}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={title}
      styles={SHEET_STYLES}
    >
      {content && 'more' in content && (
        <Stack gap={0}>
          {content.more.map((entry) => (
            <UnstyledButton key={entry.name} onClick={() => onOpen(entry.name)} py="sm">
              <Group gap="sm">
                {entry.icon}
                <Text>{t(`play.bar.${entry.name}`)}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {content && 'panel' in content && (
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <ToolPanel {...panelProps} panel={content.panel} onClose={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
