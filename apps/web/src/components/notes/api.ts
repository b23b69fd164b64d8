/** Notes API (product §7 "Notes: get by target, add (PUT), remove (change_status)"). */
import type { Note, NoteCreate } from '@leadgrid/shared/people/notes';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListData } from '../table/DataTable';

export const NOTES_PAGE = 20;

export const noteKeys = {
  all: ['notes'] as const,
  target: (targetSlug: string) => ['notes', targetSlug] as const,
};

export const notesApi = {
  list: (targetSlug: string, offset: number, signal?: AbortSignal) =>
    api.get<ListData<Note>>('/notes', { targetSlug, limit: NOTES_PAGE, offset, withMeta: 1 }, { signal }),
  add: (items: NoteCreate[]) => api.put<{ items: Note[] }>('/notes', { items }),
  remove: (ids: number[]) =>
    api.post<{ items: { id: number; status: 'deleted' }[] }>('/notes/change_status', {
      items: ids.map((id) => ({ id, status: 'deleted' })),
    }),
};

/** The notes of one record, newest first, a page at a time. */
export function useNotes(targetSlug: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: noteKeys.target(targetSlug),
    enabled,
    queryFn: ({ pageParam, signal }) => notesApi.list(targetSlug, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < (last.meta?.totalCount ?? 0) ? loaded : undefined;
    },
  });
}

export function useAddNote(targetSlug: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: notesApi.add, onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.target(targetSlug) }) });
}

export function useRemoveNote(targetSlug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => notesApi.remove([id]),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.target(targetSlug) }),
  });
}
