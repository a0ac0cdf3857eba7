import { ANY_SCENE, type DeepLinkParts } from '@loci/domain';

const SHAPE = /(?:^|\/)gameplay\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/?(?:[?#].*)?$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The parts of a deep link (spec 3 §3: gameplay/{gameId}/{sceneId or any}/
 * {eventType}/{eventName}/{objectId}, under any scheme or host), or null
 * when `text` is not one. The scene 'any' reads as null (the universe).
 */
export function parseDeepLink(text: string): (DeepLinkParts & { sceneId: string | null }) | null {
  const match = SHAPE.exec(text.trim());
  if (!match) return null;
  const [, gameId, sceneId, eventType, eventName, objectId] = match.map((part) =>
    part === undefined ? '' : decode(part),
  );
  return {
    gameId: gameId!,
    sceneId: sceneId === ANY_SCENE ? null : sceneId!,
    eventType: eventType!,
    eventName: eventName!,
    objectId: objectId!,
  };
}
