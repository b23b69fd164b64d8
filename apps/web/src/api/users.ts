/** Users: the current user (product §7 "GET by user id with expansion ..."). */
import { USER_EXPANSIONS } from '@leadgrid/shared/constants';
import type { User } from '@leadgrid/shared/access/users';
import { ApiError, api, refreshSession } from './client';
import { currentUserId, getAccessToken, getRefreshToken } from './tokens';
import i18n from '../i18n';

export const userKeys = {
  all: ['users'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

export const fetchUser = async (
  id: number,
  expansions: readonly string[] = USER_EXPANSIONS,
  opts: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<User> => {
  const data = await api.get<{ items: User[] }>(`/users/${id}`, { with: expansions }, opts);
  const user = data?.items?.[0];
  if (!user) throw new ApiError(404, i18n.t('errors.userNotFound'));
  return user;
};

/** The signed-in user: the id is the access token subject; a missing access token is refreshed first. */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  if (!getAccessToken() && getRefreshToken()) {
    const outcome = await refreshSession();
    if (outcome !== 'refreshed') throw new ApiError(401, i18n.t('api.sessionExpired'));
  }
  const id = currentUserId();
  if (!id) throw new ApiError(401, i18n.t('api.sessionExpired'));
  // silent: when the user cannot be loaded, the signed-in area shows the error page itself
  return fetchUser(id, USER_EXPANSIONS, { signal, silent: true });
}
