/**
 * Roles and account texts without zod: what every page of the console needs
 * (re-exported by user.ts, where the account schemas are).
 */

/** The three roles of spec 1 §6. */
export const ROLES = ['player', 'designer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Minimum password length (spec 1 §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest account name. */
export const NAME_MAX_LENGTH = 100;

/** Exact texts shown to users about accounts. */
export const USER_MESSAGES = {
  nameRequired: 'Name field is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  emailRequired: 'Email field is required',
  emailInvalid: 'Email is invalid',
  emailTaken: 'Email already exists',
  emailNotFound: 'Email not found',
  passwordRequired: 'Password field is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters`,
  password2Required: 'Confirm password field is required',
  passwordsMustMatch: 'Passwords must match',
  passwordIncorrect: 'Password incorrect',
  pendingConfirmation: 'Please confirm your email address before signing in',
  socialOnly: 'This account signs in with Google or Facebook; use that button, or reset your password',
  roleRequestPending: 'A role request is already pending',
  roleRequestNone: 'There is no pending role request',
  roleAlreadyHeld: 'You already have this role',
  alreadyConfirmed: 'This email address is already confirmed',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  notLoggedIn: 'Not loged in',
  linkInvalid: 'This address is not valid',
  resetLinkExpired: 'The address you used has expired. Please restart the reset password procedure.',
  resetLinkInvalid: 'The data on the password reset link are not valid.',
  roleRequestOnlyDesigner: 'Only an upgrade to designer can be requested',
  roleRequestNotFound: 'There is no pending role request for this email',
  actionInvalid: 'Action must be approve or reject',
  lastAdmin: 'You are the last administrator: make another user an administrator before deleting your account',
  mailFailed: 'The email could not be sent. Please try again later.',
  providerNotConfigured: 'This sign-in provider is not configured on this server',
  socialSessionExpired: 'The sign-in took too long or was started in another browser. Please try again.',
  socialNoEmail: 'The provider did not share a verified email address with Loci',
  socialAccountMismatch: 'This email address is already linked to another account of this provider',
  socialTokenMissing: 'No social sign-in token was found. Please sign in again.',
  currentPasswordRequired: 'Current password field is required',
  noPasswordYet: 'This account has no password yet: set one with "Forgot password" on the sign-in page',
} as const;

/** Designers and admins author games; players do not. */
export function canAuthor(role: Role | undefined): boolean {
  return role === 'designer' || role === 'admin';
}

/** True when `role` is `wanted` or above it (player < designer < admin). */
export function hasRoleAtLeast(role: Role, wanted: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(wanted);
}
