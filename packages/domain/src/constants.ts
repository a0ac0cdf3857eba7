/** Business constants of spec 1 §9 that cross the layers. */
export const FRONTEND_BASE_PATH = '/fe';
export const TOKEN_STORAGE_KEY = 'jwtToken';
export const SOCIAL_COOKIE_NAME = 'jwtfromsocial';
export const SOCIAL_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
export const CONFIRM_LINK_TTL_SECONDS = 48 * 60 * 60;
export const RESET_LINK_TTL_SECONDS = 60 * 60;
/** How long a toast stays: short, so it covers nothing for long (issue 14: 10 s was too long); failures stay longer. */
export const TOAST_AUTO_CLOSE_MS = 4_000;
export const TOAST_ERROR_AUTO_CLOSE_MS = 8_000;
export const LOCK_DURATION_SECONDS = 480;
/** The longest lock the server grants in one request (a longer ask is shortened): renewing is how an editor keeps it. */
export const LOCK_MAX_DURATION_SECONDS = LOCK_DURATION_SECONDS;
export const LOCK_RETRY_SECONDS = 10;
export const SEARCH_MIN_LENGTH_EXCLUSIVE = 3;
export const PAGE_SIZES = [10, 20, 50] as const;
export const CARD_DESCRIPTION_MAX = 400;
export const DEFAULT_TIMEZONE = 'Europe/Athens';
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The header the web player and the app send with a random id per device (for `enforceSingleDevice`). */
export const DEVICE_HEADER = 'x-loci-device';

/** OpenStreetMap's standard tiles: the map tiles the console and the player use unless LOCI_TILE_URL says otherwise. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** OpenStreetMap's attribution, shown with the default tiles. */
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Thumbnail defaults: width 100, square (spec 3 §7). Here, not in media.ts, so the console's entry takes no zod with it. */
export const THUMB_DEFAULT_WIDTH = 100;
/** The languages of the interface (and of the API's messages); English is the source of every text. */
export const INTERFACE_LANGUAGES = ['en', 'el'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** The product's language for a language tag ('el', 'el-GR', 'EN'…), or undefined for any other. */
export function languageOf(tag: string | null | undefined): InterfaceLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return INTERFACE_LANGUAGES.find((language) => language === primary);
}

/**
 * The languages of the player's own interface (buttons, menus, messages; issue 31), each in its own name. The
 * console speaks INTERFACE_LANGUAGES only; the server's messages fall back to English for the others.
 */
export const PLAYER_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
] as const;
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number]['code'];

/** The player's language for a language tag ('de', 'de-AT', 'FR'…), or undefined for any other. */
export function playerLanguageOf(tag: string | null | undefined): PlayerLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return PLAYER_LANGUAGES.find((language) => language.code === primary)?.code;
}
