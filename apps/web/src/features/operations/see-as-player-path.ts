/** The console path of an instance's page. */
export function instancePathOf(gameId: string, instanceId: string): string {
  return `/active-games/${encodeURIComponent(gameId)}/instance/${encodeURIComponent(instanceId)}`;
}

/** The console path of one player's "See as the player" page (CONSOLE_ROUTES.seeAsPlayer). */
export function seeAsPlayerPath(gameId: string, instanceId: string, playerId: string): string {
  return `${instancePathOf(gameId, instanceId)}/player/${encodeURIComponent(playerId)}`;
}
