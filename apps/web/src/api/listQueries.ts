/**
 * The query options the lists share (leads, conversions, clicks, currencies, metrics, …): a page of rows kept on
 * screen while the next one loads, a dependent filter's choices fetched while its select is open, and one record by id.
 */
import { keepPreviousData, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

type Fetch<T> = (signal: AbortSignal) => Promise<T>;

/** a page of a list: the rows shown stay until the next page is in */
export const listQuery = <T>(queryKey: QueryKey, fetch: Fetch<T>): UseQueryOptions<T> => ({
  queryKey,
  queryFn: ({ signal }) => fetch(signal),
  placeholderData: keepPreviousData,
});

/** a dependent filter's choices: asked while its select is open, reused for 30 s */
export const filterOptionsQuery = <T>(queryKey: QueryKey, fetch: Fetch<T>, enabled: boolean): UseQueryOptions<T> => ({
  queryKey,
  queryFn: ({ signal }) => fetch(signal),
  enabled,
  staleTime: 30_000,
  placeholderData: keepPreviousData,
});

/** one record by id (none while the id is missing or not a positive whole number); a missing one is an answer, not a retry */
export const recordQuery = <Id extends number | string, T>(
  queryKey: QueryKey,
  id: Id | undefined,
  fetch: (id: Id, signal: AbortSignal) => Promise<T>,
): UseQueryOptions<T> => ({
  queryKey,
  queryFn: ({ signal }) => fetch(id as Id, signal),
  enabled: typeof id === 'number' ? Number.isInteger(id) && id > 0 : Boolean(id),
  retry: false,
});
