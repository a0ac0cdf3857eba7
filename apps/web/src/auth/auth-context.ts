import type { User } from '@loci/domain';
import { createContext, useContext } from 'react';
import type { SessionUser } from './token';

export interface AuthContextValue {
  /** The current user: the account once fetched, else what the token says. */
  user: SessionUser | null;
  /** The full account (GET /api/users/account), when it has arrived. */
  account: User | undefined;
  /** Why the account could not be fetched, if it could not. */
  accountError: Error | null;
  refetchAccount: () => void;
  isAuthenticated: boolean;
  /** Stores the token and makes its user current. Returns false if the token is unusable. */
  login: (token: string) => boolean;
  logout: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
