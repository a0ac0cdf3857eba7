import { hasRight, type GameRight } from '@loci/domain';
import { Box, Group, Tabs } from '@mantine/core';
import { IconChartBar, IconPencil, IconPlayerPlay, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ShareButton } from '../../way-in/share/ShareButton';
import '../common/locales';

const TABS = [
  { value: 'design', icon: IconPencil, to: (id: string) => `/games/${id}`, right: 'view' },
  { value: 'settings', icon: IconSettings, to: (id: string) => `/games/edit/${id}`, right: 'edit' },
  { value: 'gameplay', icon: IconPlayerPlay, to: (id: string) => `/active-games/${id}`, right: 'edit' },
  { value: 'analytics', icon: IconChartBar, to: (id: string) => `/analytics/${id}`, right: 'edit' },
] as const;

export type GameArea = (typeof TABS)[number]['value'];

/**
 * The game's areas (spec 1 §2): Design, Settings, Gameplay and Analytics, by the caller's rights; `active` is the
 * page's own. Share (the play link, its QR code, the passcode) sits at the end, on every page of the game.
 */
export function GameTabs({
  gameId,
  rights,
  active = 'design',
}: {
  gameId: string;
  rights: readonly GameRight[];
  active?: GameArea;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = TABS.filter((tab) => tab.value === 'design' || hasRight(rights, tab.right));
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = shown.find((candidate) => candidate.value === value);
        if (tab && value !== active) navigate(tab.to(gameId));
      }}
      variant="outline"
    >
      {/* Share is a button beside the tabs, not one of them (a tablist holds tabs only). */}
      <Group gap={0} wrap="nowrap" align="stretch">
        <Tabs.List aria-label={t('design.tabsLabel')} style={{ flex: 1 }}>
          {shown.map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {t(`design.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid var(--tab-border-color)' }}>
          <ShareButton gameId={gameId} />
        </Box>
      </Group>
    </Tabs>
  );
}
