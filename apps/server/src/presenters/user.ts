import { accountPhotoUri, type RoleRequestListItem, type User } from '@loci/domain';
import type { UserRow } from '../db/schema.js';

/** The account as the API shows it: no password hash, no credentials version. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    roleRequest: row.roleRequest ?? null,
    facebookId: row.facebookId,
    googleId: row.googleId,
    appleId: row.appleId,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
    birthDate: row.birthDate,
    sex: row.sex,
    photoUri: accountPhotoUri(row.photoId),
    language: row.language,
  };
}

/** One row of the admin's role-request table. */
export function presentRoleRequest(
  row: UserRow & { roleRequest: NonNullable<UserRow['roleRequest']> },
): RoleRequestListItem {
  return { id: row.id, _id: row.id, name: row.name, email: row.email, roleRequest: row.roleRequest };
}
