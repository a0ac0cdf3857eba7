/**
 * QR codes and deep links (spec 3 §2, §9): a deep link has the shape
 * gameplay/{gameId}/{sceneId or any}/{eventType}/{eventName}/{objectId}; the
 * in-app text code exists only for event type 'do' and holds the object id.
 */

/** The scene id written for the universe scene (and for no scene) in a deep link. */
export const ANY_SCENE = 'any';
/** The id by which a deep link's caller names the universe scene. */
export const UNIVERSE_SCENE = 'universe';
/** The only event type with an in-app text code. */
export const TEXT_CODE_EVENT_TYPE = 'do';
/** The event type of a direct contact with an object. */
export const DIRECT_CONTACT_EVENT_TYPE = 'de';

/** QR image: 1024 px, shown at 300 px, downloaded as QRCode.png (spec 3 §9). */
export const QR_IMAGE_SIZE = 1024;
export const QR_DISPLAY_SIZE = 300;
export const QR_FILE_NAME = 'QRCode';

/** Texts of the QR code dialog (spec 3 §2). */
export const QR_TEXTS = {
  title: 'Get QR Code',
  deepLinkTab: 'As Deep Link',
  textCodeTab: 'As In-App Text Code',
  linkCopied: 'Link copied',
} as const;

export interface DeepLinkParts {
  gameId: string;
  /** The scene, 'universe' (or nothing) for any scene. */
  sceneId?: string | null;
  eventType: string;
  eventName: string;
  objectId: string;
}

/** The deep link of an event: gameplay/{gameId}/{sceneId|any}/{eventType}/{eventName}/{objectId}. */
export function deepLink(parts: DeepLinkParts): string {
  const scene = !parts.sceneId || parts.sceneId === UNIVERSE_SCENE ? ANY_SCENE : parts.sceneId;
  return ['gameplay', parts.gameId, scene, parts.eventType, parts.eventName, parts.objectId]
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** The event name of a direct contact with an object of an archetype: 'Contact_' + archetypeId. */
export function directContactEventName(archetypeId: string): string {
  return `Contact_${archetypeId}`;
}

/** The deep link that makes the player contact `objectId` directly (event type 'de'). */
export function directContactLink(parts: {
  gameId: string;
  sceneId?: string | null;
  archetypeId: string;
  objectId: string;
}): string {
  return deepLink({
    gameId: parts.gameId,
    sceneId: parts.sceneId,
    eventType: DIRECT_CONTACT_EVENT_TYPE,
    eventName: directContactEventName(parts.archetypeId),
    objectId: parts.objectId,
  });
}

/** True when the event type has an in-app text code (only 'do'). */
export function hasTextCode(eventType: string): boolean {
  return eventType === TEXT_CODE_EVENT_TYPE;
}

/** The in-app text code of an event: the object id for 'do', null for any other event type. */
export function textCode(parts: { eventType: string; objectId: string }): string | null {
  return hasTextCode(parts.eventType) ? parts.objectId : null;
}
