/**
 * The session (product §4): whether a refresh token exists, the current user, sign-in and sign-out, and
 * entering or leaving impersonation. The API client ends a session by calling the handler registered here.
 */
import { defaultPagePath, type AccessSubject } from '@leadgrid/shared/access/permissions';
import type { User } from '@leadgrid/shared/access/users';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authApi } from '../api/auth';
import { onSessionEnded } from '../api/events';
import { clearTokens, decodeJwt, getAccessToken, getRefreshToken, setTokens, type TokenPair } from '../api/tokens';
import { fetchCurrentUser, sessionKeys } from '../api/users';
import { settingsKeys } from '../api/settings';

export interface SessionValue {
  /** a refresh token exists: the user is (or is being) signed in */
  hasSession: boolean;
  user: User | null;
  /** the subject of `can()` and `defaultPagePath()` */
  access: AccessSubject | null;
  userLoading: boolean;
  userError: Error | null;
  /** the IANA zone of the user (the part before ' (' of the profile time zone) */
  timezone: string;
  impersonating: boolean;
  signIn(pair: TokenPair): Promise<User | null>;
  signOut(): Promise<void>;
  impersonate(userId: number): Promise<void>;
  leaveImpersonation(): Promise<void>;
  reloadUser(): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/**
 * The signed-in user's zone as last known, for the few callers outside React that ask before a page renders (the
 * dashboard's early figures, features/insights/dashboard/prefetch.ts); null before a user is known.
 */
let knownZoneValue: string | null = null;
export const knownZone = () => knownZoneValue;

/** Product §3: the time zone reads like 'Europe/Berlin (+01:00)'; only the part before ' (' is used. */
export function zoneOf(timezone: string | undefined | null): string {
  const zone = (timezone ?? '').split(' (')[0].trim();
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export const toAccess = (user: User | null): AccessSubject | null =>
  user ? { permissions: user.permissions, roleType: user.role.type } : null;

/* ---------- impersonation memory (product §4: the original user is remembered in local storage) ---------- */

const IMPERSONATION_KEY = 'lg_impersonation';
export interface SavedImpersonation {
  adminId: number;
  adminName: string;
  /** the route to return to when leaving */
  returnTo: string;
  startedAt: number;
}

export function readImpersonation(): SavedImpersonation | null {
  try {
    const raw = localStorage.getItem(IMPERSONATION_KEY);
    return raw ? (JSON.parse(raw) as SavedImpersonation) : null;
  } catch {
    return null;
  }
}
const saveImpersonation = (value: SavedImpersonation | null) =>
  value ? localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(value)) : localStorage.removeItem(IMPERSONATION_KEY);

/** Everything cached belongs to one user; public settings stay. */
function dropUserData(client: QueryClient) {
  client.cancelQueries({ predicate: (q) => q.queryKey[0] !== settingsKeys.all[0] });
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== settingsKeys.all[0] });
}

const PUBLIC_PATHS = /^\/(login|registration)(\/|$)/;

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [hasSession, setHasSession] = useState(() => Boolean(getRefreshToken()));

  const userQuery = useQuery({
    queryKey: sessionKeys.user(),
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    enabled: hasSession,
    staleTime: 5 * 60_000,
    retry: false,
  });

  // the API client ends the session (refresh failed): clear the user, go to /login
  useEffect(
    () =>
      onSessionEnded(() => {
        setHasSession(false);
        dropUserData(client);
        if (!PUBLIC_PATHS.test(window.location.pathname)) navigate('/login', { replace: true });
      }),
    [client, navigate],
  );

  const loadUser = useCallback(async () => {
    dropUserData(client);
    setHasSession(true);
    return client.fetchQuery({ queryKey: sessionKeys.user(), queryFn: ({ signal }) => fetchCurrentUser({ signal }) });
  }, [client]);

  const signIn = useCallback(
    async (pair: TokenPair) => {
      setTokens(pair);
      saveImpersonation(null);
      return loadUser();
    },
    [loadUser],
  );

  const signOut = useCallback(async () => {
    const refreshToken = getRefreshToken();
    try {
      await authApi.logout(refreshToken);
    } catch {
      // the session ends on this device whatever the server answers
    }
    clearTokens();
    saveImpersonation(null);
    setHasSession(false);
    dropUserData(client);
    navigate('/login', { replace: true });
  }, [client, navigate]);

  const user = userQuery.data ?? null;

  const impersonate = useCallback(
    async (userId: number) => {
      const own = getRefreshToken();
      if (!own || !user) return;
      const pair = await authApi.impersonate(own, userId);
      saveImpersonation({
        adminId: user.id,
        adminName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        returnTo: `${location.pathname}${location.search}`,
        startedAt: Date.now(),
      });
      setTokens(pair);
      const next = await loadUser();
      navigate(next ? defaultPagePath(toAccess(next)!) : '/', { replace: true });
    },
    [user, location.pathname, location.search, loadUser, navigate],
  );

  const leaveImpersonation = useCallback(async () => {
    const saved = readImpersonation();
    const pair = await authApi.leaveImpersonation();
    setTokens(pair);
    const admin = await loadUser();
    saveImpersonation(null);
    navigate(saved?.returnTo || (admin ? defaultPagePath(toAccess(admin)!) : '/'), { replace: true });
  }, [loadUser, navigate]);

  const reloadUser = useCallback(async () => {
    await client.invalidateQueries({ queryKey: sessionKeys.user() });
  }, [client]);

  const value = useMemo<SessionValue>(() => {
    const token = getAccessToken();
    const imp = token ? decodeJwt(token)?.imp : undefined;
    knownZoneValue = user ? zoneOf(user.timezone) : null;
    return {
      hasSession,
      user,
      access: toAccess(user),
      userLoading: hasSession && !user && userQuery.isPending,
      userError: user ? null : (userQuery.error as Error | null),
      timezone: zoneOf(user?.timezone),
      impersonating: Boolean(user?.impersonatedBy) || (Boolean(user) && typeof imp === 'number'),
      signIn,
      signOut,
      impersonate,
      leaveImpersonation,
      reloadUser,
    };
  }, [hasSession, user, userQuery.isPending, userQuery.error, signIn, signOut, impersonate, leaveImpersonation, reloadUser]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
