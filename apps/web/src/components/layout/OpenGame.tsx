import { Avatar, Anchor, Group, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, matchPath, useLocation } from 'react-router';
import { gameQueryKeys, gamesApi } from '../../api/games';
import { mediaThumbUrl } from '../../api/media';

/** The console pages that have a game open (spec 1 §2 shared chrome), and where their id is. */
const GAME_PAGES = [
  '/games/edit/:gameId',
  '/games/:gameId/*',
  '/gameplay/:gameId/*',
  '/active-games/:gameId/*',
  '/analytics/:gameId',
] as const;

/** The id of the game the current page has open, if any. */
export function useOpenGameId(): string | null {
  const { pathname } = useLocation();
  for (const pattern of GAME_PAGES) {
    const gameId = matchPath(pattern, pathname)?.params.gameId;
    if (gameId && gameId !== 'new' && gameId !== 'edit') return gameId;
  }
  return null;
}

/**
 * The open game's logo and title in the navbar, linking to its design. It
 * shares the page's query of the game, so it costs no extra call; while the
 * game loads, or when it cannot be read, nothing shows (the page says why).
 */
export function OpenGame({ gameId }: { gameId: string }) {
  const game = useQuery({
    queryKey: gameQueryKeys.detail(gameId),
    queryFn: ({ signal }) => gamesApi.get(gameId, signal),
  });
  if (!game.data) return null;
  const { title, logoId } = game.data;
  return (
    <Anchor
      component={Link}
      to={`/games/${gameId}`}
      underline="never"
      c="inherit"
      data-testid="open-game"
      // The title is hidden on a phone: the link keeps it as its name.
      aria-label={title}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar
          size={30}
          radius="sm"
          src={logoId ? mediaThumbUrl(gameId, logoId, { width: 60 }) : null}
          alt=""
          aria-hidden
        >
          <IconPhoto size={16} />
        </Avatar>
        <Text size="sm" fw={600} maw={220} truncate visibleFrom="xs">
          {title}
        </Text>
      </Group>
    </Anchor>
  );
}
