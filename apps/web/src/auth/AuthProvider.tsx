import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHereAsReturn, withReturn } from './return-path';
import { setUnauthorizedHandler } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { usersApi } from '../api/users';
import { notifyInfo } from '../components/notify-info';
import { accountLanguage as accountLanguagePolicy } from '../i18n';
import { AuthContext, type AuthContextValue } from './auth-context';
import { decodeSession, isExpired, loadStoredSession, removeToken, storeToken, type Session } from './token';

// setTimeout cannot wait longer than this (about 24.8 days).
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Holds the session: the stored token, its user, and the account refreshed from the server. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // An expired session on a deep link: signing in again comes back to it.
  const here = useHereAsReturn();
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const [initial] = useState(loadStoredSession);
  const [session, setSession] = useState<Session | null>(initial.session);
  const expiredAtStart = useRef(initial.expired);

  const endSession = useCallback(() => {
    removeToken();
    setSession(null);
    queryClient.removeQueries();
  }, [queryClient]);

  // Signing out, not a session that expired (the same player signs in again, and moves made offline still wait).
  const logout = useCallback(() => {
    endSession();
    // A shared phone: the next person sees nothing of this player's games (loaded with the sign-out, not the page).
    void import('../features/play/offline/clear-play-data').then(({ clearPlayData }) => clearPlayData());
  }, [endSession]);

  const endExpiredSession = useCallback(() => {
    endSession();
    notifyInfo(t('auth.sessionExpired'));
    navigate(withReturn('/login', hereRef.current), { replace: true });
  }, [endSession, navigate, t]);

  const login = useCallback(
    (token: string) => {
      const next = decodeSession(token);
      if (!next || isExpired(next)) return false;
      storeToken(token);
      queryClient.removeQueries({ queryKey: queryKeys.account });
      setSession(next);
      // Everything fetched for the previous user (or anonymously) is stale now.
      void queryClient.invalidateQueries();
      return true;
    },
    [queryClient],
  );

  useEffect(() => {
    if (expiredAtStart.current) {
      expiredAtStart.current = false;
      endExpiredSession();
    }
  }, [endExpiredSession]);

  // Log out when the token runs out while the console is open.
  useEffect(() => {
    if (!session?.expiresAt) return;
    const timer = setTimeout(endExpiredSession, Math.min(session.expiresAt - Date.now(), MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [session, endExpiredSession]);

  // A 401 on a call that carried our token: the server no longer accepts it.
  useEffect(() => {
    setUnauthorizedHandler(endExpiredSession);
    return () => setUnauthorizedHandler(undefined);
  }, [endExpiredSession]);

  // Refreshed from the server so that a role granted by an admin shows without signing in again.
  const accountQuery = useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => usersApi.getAccount(signal),
    enabled: session !== null,
    staleTime: 30_000,
    meta: { errorMessage: t('errors.accountFetch') },
  });
  const account = session ? accountQuery.data?.user : undefined;
  const accountError = session ? accountQuery.error : null;
  // The account's chosen interface language wins over the browser's (account page, LanguageCard); in the player,
  // not over a language picked in its menu on this device (i18n/player.ts).
  const accountLanguage = account?.language;
  useEffect(() => {
    if (accountLanguage && accountLanguage !== i18n.language && accountLanguagePolicy.applies()) {
      void i18n.changeLanguage(accountLanguage);
    }
  }, [accountLanguage, i18n]);
  const { refetch } = accountQuery;
  const refetchAccount = useCallback(() => void refetch(), [refetch]);

  const value = useMemo<AuthContextValue>(() => {
    const user = session
      ? account
        ? { id: account.id, name: account.name, email: account.email, role: account.role }
        : session.user
      : null;
    return { user, account, accountError, refetchAccount, isAuthenticated: user !== null, login, logout };
  }, [session, account, accountError, refetchAccount, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
