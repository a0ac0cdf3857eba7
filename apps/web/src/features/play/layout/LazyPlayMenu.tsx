import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { afterLoad } from '../../../after-load';

// The header's menu (Mantine's Menu, its popover and floating-ui, the player's identity: about 25 kB brotli)
// loads once the page has loaded and the browser is idle — the player's first load carries the map and
// nothing else (bench/player-load.bench.mjs) — or at once when its button is pressed.
const PlayMenu = lazy(() => import('./PlayMenu').then((m) => ({ default: m.PlayMenu })));

/** PlayMenu, its button drawn at once; pressed before the menu has loaded, the menu opens as soon as it has. */
export function LazyPlayMenu(props: Omit<ComponentProps<typeof PlayMenu>, 'defaultOpened'>) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [pressed, setPressed] = useState(false);
  useEffect(() => afterLoad(() => setWanted(true)), []);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('play.menu.label')}
      onClick={() => {
        setPressed(true);
        setWanted(true);
      }}
    >
      <IconDots size={20} />
    </ActionIcon>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PlayMenu {...props} defaultOpened={pressed} />
    </Suspense>
  );
}
