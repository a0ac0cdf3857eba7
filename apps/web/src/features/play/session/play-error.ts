/**
 * What the player reads when a call of theirs failed (a refused start, an event the
 * server did not take): the server's message for an ApiError, else the error's text.
 * Every such failure the player sees goes through here.
 */
export function playErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
