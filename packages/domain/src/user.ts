import { z } from 'zod';

// The zod-free account constants live in roles.ts, so a page that needs only them
// (the web player's entry: ROLES, canAuthor, USER_MESSAGES) does not pull zod in.
import { INTERFACE_LANGUAGES } from './constants.js';
import { MEDIA_MAX_MEGAPIXELS } from './media.js';
import { TEXT_LIMIT_MESSAGES, TEXT_LIMITS } from './text-limits.js';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, USER_MESSAGES, type Role } from './roles.js';
export {
  canAuthor,
  hasRoleAtLeast,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USER_MESSAGES,
  type Role,
} from './roles.js';

const email = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .pipe(
    z
      .email({ error: USER_MESSAGES.emailInvalid })
      .max(TEXT_LIMITS.email, TEXT_LIMIT_MESSAGES.tooLong(TEXT_LIMITS.email)),
  )
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(256, 'Password is too long');

/** An account's full name: trimmed, required, at most NAME_MAX_LENGTH characters. */
const accountName = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(1, USER_MESSAGES.nameRequired)
  // Its own message: the string's `error` above would otherwise name a too-long name "required".
  .max(NAME_MAX_LENGTH, USER_MESSAGES.nameTooLong);

/** POST /api/users/register */
export const registerSchema = z
  .object({
    name: accountName,
    email,
    password: newPassword,
    password2: z.string({ error: USER_MESSAGES.password2Required }).min(1, USER_MESSAGES.password2Required),
    /** Where the confirmation link brings the new player back to (a console path; unsafe ones are dropped). */
    returnTo: z.string().max(1000).optional(),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: USER_MESSAGES.passwordsMustMatch });
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /api/users/login */
export const loginSchema = z.object({
  email,
  password: z.string({ error: USER_MESSAGES.passwordRequired }).min(1, USER_MESSAGES.passwordRequired),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/users/account/password: the current password, and a new one with the sign-up rules. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** PATCH /api/users/account: the account's name (the sign-up rules). */
export const updateAccountSchema = z.object({ name: accountName });
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

/** POST /api/users/forgot and /api/users/resend */
export const emailOnlySchema = z.object({ email });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/** The signed-link pair carried by confirmation and reset links. */
export const signedLinkSchema = z.object({
  msg: z.string({ error: USER_MESSAGES.linkInvalid }).min(1, USER_MESSAGES.linkInvalid),
  mac: z.string({ error: USER_MESSAGES.linkInvalid }).min(1, USER_MESSAGES.linkInvalid),
});
export type SignedLinkInput = z.input<typeof signedLinkSchema>;

/** POST /api/users/forgotchange */
export const forgotChangeSchema = z
  .object({
    p1: newPassword,
    p2: z.string({ error: USER_MESSAGES.password2Required }).min(1, USER_MESSAGES.password2Required),
    ...signedLinkSchema.shape,
  })
  .refine((v) => v.p1 === v.p2, { path: ['p2'], message: USER_MESSAGES.passwordsMustMatch });
export type ForgotChangeInput = z.input<typeof forgotChangeSchema>;

/** Outcomes of POST /api/users/confirm (spec 1 §7). */
export const CONFIRM_RESULTS = [
  'CONFIRMATION_SUCCESS',
  'VALIDATION_FAILED',
  'VALIDATION_EXPIRED',
  'VALIDATION_GENERALERROR',
] as const;
export type ConfirmResult = (typeof CONFIRM_RESULTS)[number];

/** A pending request to be upgraded to another role. */
export const roleRequestSchema = z.object({
  role: z.enum(['designer'], { error: USER_MESSAGES.roleRequestOnlyDesigner }),
  /** Ignored: the server stamps the request with its own clock. */
  date: z.coerce.date().optional(),
});
export type RoleRequest = { role: Role; date: string };

/** POST /api/users/account/roleRequest */
export const roleRequestBodySchema = z.object({ roleRequest: roleRequestSchema });

/** PATCH /api/admin/role-requests */
export const roleDecisionSchema = z.object({
  email,
  action: z.enum(['approve', 'reject'], { error: USER_MESSAGES.actionInvalid }),
  reason: z.string().trim().max(2000).optional().default(''),
});
export type RoleDecisionInput = z.input<typeof roleDecisionSchema>;

/** The sexes a player may state on the account page (for games that ask for it, spec 1 §3 sexRequired). */
export const SEXES = ['female', 'male', 'other'] as const;
export type Sex = (typeof SEXES)[number];

/** Texts of the player profile (account page) that the spec leaves to us. */
export const PROFILE_MESSAGES = {
  birthDateInvalid: 'Enter a date like 2001-04-30, not in the future',
  saved: 'Profile saved',
  photoNotImage: 'Send a JPEG, PNG or WebP photo',
  photoTooLarge: 'The photo is larger than 5 MB',
  photoTooManyPixels: `The photo has more than the ${MEDIA_MAX_MEGAPIXELS} megapixels allowed`,
  photoMissing: 'Choose a photo to upload',
} as const;

/** PATCH /api/users/account/profile: the optional facts some games ask of their players; null clears one. */
export const profileSchema = z.object({
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PROFILE_MESSAGES.birthDateInvalid })
    .refine((value) => !Number.isNaN(Date.parse(value)) && Date.parse(value) <= Date.now(), {
      error: PROFILE_MESSAGES.birthDateInvalid,
    })
    .nullable(),
  sex: z.enum(SEXES).nullable(),
  /** The interface language the account chose (also the language of the API's messages to it); null follows the browser. */
  language: z.enum(INTERFACE_LANGUAGES).nullable().optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The account as the API presents it: never a password hash. `_id` repeats `id` (spec 4 §1). */
export const userSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  roleRequest: z.object({ role: z.enum(ROLES), date: z.string() }).nullable(),
  facebookId: z.string().nullable(),
  googleId: z.string().nullable(),
  appleId: z.string().nullable(),
  confirmed: z.boolean(),
  createdAt: z.string(),
  /** The player profile (account page): 'YYYY-MM-DD' or null, and one of SEXES or null. */
  birthDate: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  /** The account photo (for games with photoRequired): where to load it, or null. */
  photoUri: z.string().nullable(),
  /** The interface language the account chose, or null (the browser's). */
  language: z.enum(INTERFACE_LANGUAGES).nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The biggest account photo taken (it is stored re-encoded, far smaller). */
export const ACCOUNT_PHOTO_MAX_BYTES = 5_000_000;
/** The image types an account photo may be sent as. */
export const ACCOUNT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The longest side of a stored account photo, in pixels. */
export const ACCOUNT_PHOTO_SIZE = 512;

/** Where an account photo is read (an unguessable id: shown only to who may see the account's player). */
export function accountPhotoUri(photoId: string | null): string | null {
  return photoId ? `/api/users/photos/${photoId}` : null;
}

/** The claims of a Loci access token; the browser decodes them into the current user. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  exp: z.number(),
  /** The account's token version when issued; a later one revokes the token. Absent in tokens older than it (0). */
  tv: z.number().int().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** One row of GET /api/admin/role-requests. */
export const roleRequestListItemSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roleRequest: z.object({ role: z.enum(ROLES), date: z.string() }),
});
export type RoleRequestListItem = z.infer<typeof roleRequestListItemSchema>;

/** GET /api/admin/dashboard-stats: the seven counts of spec 1 §3. */
export const dashboardStatsSchema = z.object({
  games: z.number(),
  publishedGames: z.number(),
  users: z.number(),
  designers: z.number(),
  gamesPlayed: z.number(),
  playersPlayed: z.number(),
  roleRequests: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Answers of the account API (spec 1 §7), shared by the server's reply schemas and the web client. */
export const successResponseSchema = z.object({ success: z.literal(true) });
export const registerResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export const loginResponseSchema = z.object({ success: z.literal(true), token: z.string() });
export const accountResponseSchema = z.object({ user: userSchema });
export const confirmResponseSchema = z.object({ result: z.enum(CONFIRM_RESULTS) });
export const jwtAsBodyResponseSchema = z.object({ jwtToken: z.string() });
export const providersResponseSchema = z.object({ google: z.boolean(), facebook: z.boolean() });
export const roleDecisionResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;
