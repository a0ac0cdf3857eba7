import type {
  UpdateAccountInput,
  ChangePasswordInput,
  ConfirmResult,
  EmailOnlyInput,
  ForgotChangeInput,
  LoginInput,
  ProfileInput,
  RegisterInput,
  User,
} from '@loci/domain';
import { api } from './client';

export interface SocialProviders {
  google: boolean;
  facebook: boolean;
}

export type ForgotChangeResult =
  { success: true } | { success: false; result: 'VALIDATION_EXPIRED' | 'VALIDATION_FAILED'; message: string };

export const usersApi = {
  register: (values: RegisterInput) => api.post<{ success: boolean; user: User }>('/users/register', values),
  login: (values: LoginInput) => api.post<{ success: boolean; token: string }>('/users/login', values),
  getAccount: (signal?: AbortSignal) => api.get<{ user: User }>('/users/account', signal),
  confirm: (link: { mac: string; msg: string }) => api.post<{ result: ConfirmResult }>('/users/confirm', link),
  resend: (values: EmailOnlyInput) => api.post<{ success: boolean }>('/users/resend', values),
  forgot: (values: EmailOnlyInput) => api.post<{ success: boolean }>('/users/forgot', values),
  forgotChange: (values: ForgotChangeInput) => api.post<ForgotChangeResult>('/users/forgotchange', values),
  requestRole: (role: 'designer') => api.post<{ user: User }>('/users/account/roleRequest', { roleRequest: { role } }),
  /** Saves the player profile (birth date, sex) that some games check when the player starts. */
  updateProfile: (profile: ProfileInput) => api.patch<{ user: User }>('/users/account/profile', profile),
  /** Sets the account photo (one image file, multipart); answers the account. */
  uploadPhoto: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<{ user: User }>('/users/account/photo', form);
  },
  deletePhoto: () => api.delete<{ user: User }>('/users/account/photo'),
  cancelRoleRequest: () => api.delete<{ user: User }>('/users/account/roleRequest'),
  deleteAccount: () => api.delete<{ success: boolean }>('/users/account'),
  /** Changes the account's name; answers the account. */
  rename: (values: UpdateAccountInput) => api.patch<{ user: User }>('/users/account', values),
  /** Revokes every token of the account; answers a fresh one for this device. */
  signOutEverywhere: () => api.post<{ success: boolean; token: string }>('/users/account/signOutEverywhere', {}),
  /** Changes the password and signs out every other device; answers a fresh token for this one. */
  changePassword: (values: ChangePasswordInput) =>
    api.post<{ success: boolean; token: string }>('/users/account/password', values),
  getProviders: (signal?: AbortSignal) => api.get<SocialProviders>('/users/providers', signal),
  getJwtAsBody: () => api.get<{ jwtToken: string }>('/users/jwtAsBody'),
};

/** Browser navigation (not a fetch) to a provider's sign-in route. */
export function socialSignInUrl(provider: 'google' | 'facebook'): string {
  return `/api/users/${provider}auth`;
}
