/**
 * Roles and the permission catalogue (product §6, §7; apps/server/src/modules/access/roles/roles.routes.ts): the query-key
 * factory, list and catalogue queries, and the writes. Writes invalidate the role lists and, because the
 * signed-in user's permissions come from their role, the current user.
 */
import type { RoleType } from '@leadgrid/shared/access/permissions';
import type { Permission, Role, RoleCreate, RoleUpdate } from '@leadgrid/shared/access/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from './client';
import { sessionKeys } from './users';

export type { Permission, Role } from '@leadgrid/shared/access/roles';

export interface RoleList {
  items: Role[];
  meta?: { totalCount: number };
}

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: Query) => [...roleKeys.lists(), query] as const,
  permissions: (roleType: RoleType) => [...roleKeys.all, 'permissions', roleType] as const,
};

export const rolesApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<RoleList>('/roles', { ...query, withMeta: 1 }, { signal }),
  permissions: (roleType: RoleType, signal?: AbortSignal) => api.get<{ items: Permission[] }>('/permissions', { roleType }, { signal }),
  create: (item: RoleCreate) => api.put<{ items: Role[] }>('/roles', { items: [item] }),
  update: (item: RoleUpdate) => api.patch<{ items: Role[] }>('/roles', { items: [item] }),
  changeStatus: (id: number, status: Role['status']) => api.post<{ items: Role[] }>('/roles/change_status', { items: [{ id, status }] }),
  clone: (id: number) => api.post<{ items: Role[] }>('/roles/clone', { items: [{ id }] }),
};

export function useRoles(query: Query) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => rolesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The permissions a role of this type may hold; the catalogue changes only with a release. */
export function usePermissionCatalogue(roleType: RoleType | undefined) {
  return useQuery({
    queryKey: roleKeys.permissions(roleType ?? 'admin'),
    queryFn: ({ signal }) => rolesApi.permissions(roleType!, signal).then((d) => d.items),
    enabled: Boolean(roleType),
    staleTime: 60 * 60_000,
  });
}

function useRoleWrite<A>(write: (args: A) => Promise<{ items: Role[] }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.lists() }),
        client.invalidateQueries({ queryKey: sessionKeys.user() }),
      ]);
    },
  });
}

export const useCreateRole = () => useRoleWrite((item: RoleCreate) => rolesApi.create(item));
export const useUpdateRole = () => useRoleWrite((item: RoleUpdate) => rolesApi.update(item));
export const useChangeRoleStatus = () =>
  useRoleWrite(({ id, status }: { id: number; status: Role['status'] }) => rolesApi.changeStatus(id, status));
export const useCloneRole = () => useRoleWrite((id: number) => rolesApi.clone(id));
