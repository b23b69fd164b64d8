/**
 * Teams API (product §7 "teams: status, create, edit, bulk edit, by id, lists for filters and assignment";
 * apps/server/src/modules/people/teams): keys, list and detail queries, writes, members. A team's writes change its
 * members' effective blocks and teams, so they refresh the affiliates' queries too.
 */
import type {
  BlockChangeItem,
  Team,
  TeamBulkEdit,
  TeamCreate,
  TeamDetail,
  TeamMemberInput,
  TeamMemberUpdate,
  TeamUpdate,
} from '@leadgrid/shared/people/people';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';
import { useInvalidatePeople } from '../../../api/affiliates';

export const teamKeys = {
  all: ['teams'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (query: Query) => [...teamKeys.lists(), query] as const,
  detail: (id: number) => [...teamKeys.all, 'detail', id] as const,
};

type Answer = { items: TeamDetail[] };

export const teamsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Team>>('/teams', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) => (await api.get<Answer>(`/teams/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: TeamCreate[]) => api.put<Answer>('/teams', { items }),
  update: (items: TeamUpdate[]) => api.patch<Answer>('/teams', { items }),
  bulkEdit: (data: TeamBulkEdit) => api.post<Answer>('/teams/bulk_edit', { data }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) => api.post<Answer>('/teams/change_status', { items }),
  changeBlock: (items: BlockChangeItem[]) => api.post<Answer>('/teams/change_block', { items }),
  addMembers: ({ id, items }: { id: number; items: TeamMemberInput[] }) => api.post<Answer>(`/teams/${id}/members`, { items }),
  updateMembers: ({ id, items }: { id: number; items: TeamMemberUpdate[] }) => api.patch<Answer>(`/teams/${id}/members`, { items }),
  removeMembers: ({ id, userIds }: { id: number; userIds: number[] }) => api.delete<Answer>(`/teams/${id}/members`, { data: userIds }),
};

export function useTeams(query: Query) {
  return useQuery({
    queryKey: teamKeys.list(query),
    queryFn: ({ signal }) => teamsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: number) {
  return useQuery({ queryKey: teamKeys.detail(id), queryFn: ({ signal }) => teamsApi.get(id, signal), enabled: id > 0, retry: false });
}

function useTeamWrite<A, R>(write: (args: A) => Promise<R>) {
  const invalidate = useInvalidatePeople();
  return useMutation({ mutationFn: write, onSuccess: () => invalidate() });
}

export const useCreateTeams = () => useTeamWrite(teamsApi.create);
export const useUpdateTeams = () => useTeamWrite(teamsApi.update);
export const useBulkEditTeams = () => useTeamWrite(teamsApi.bulkEdit);
export const useChangeTeamStatus = () => useTeamWrite(teamsApi.changeStatus);
export const useChangeTeamBlock = () => useTeamWrite(teamsApi.changeBlock);
export const useAddTeamMembers = () => useTeamWrite(teamsApi.addMembers);
export const useUpdateTeamMembers = () => useTeamWrite(teamsApi.updateMembers);
export const useRemoveTeamMembers = () => useTeamWrite(teamsApi.removeMembers);

export const TEAM_WRITE = 'team.update';
