/**
 * The look-ups the sieve controls read (product §7: countries, languages, time zones, traffic sources, landers by offer,
 * affiliates and teams for assignment, advertisers) and the per-user sieve display settings
 * (`GET/PUT /offers/sieve-display-settings`). Titles of chosen ids are fetched in batches (one call per kind for all
 * the rows of a table) and cached per id, so a table of sieves costs a handful of requests.
 */
import { MAX_PAGE_SIZE } from '@leadgrid/shared/constants';
import type { SieveDisplaySettings, SieveKey, SieveOwner } from '@leadgrid/shared/inventory/sieves';
import { SIEVE_KEYS_BY_OWNER } from '@leadgrid/shared/inventory/sieves';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../../api/client';

export interface CodeName {
  code: string;
  name: string;
}
export interface RefOption {
  id: number;
  title: string;
  /** a second line (e-mail, secure id, language) */
  hint?: string;
  status?: string;
}
/** the id-valued sieve keys and where their options come from */
export type RefKind = 'landers' | 'affiliates' | 'teams' | 'advertisers';

interface Items<T> {
  items: T[];
  meta?: { totalCount: number };
}
interface PersonItem {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
}

const HOUR = 60 * 60_000;
const personTitle = (p: PersonItem) => `${p.firstName} ${p.lastName}`.trim() || p.email;

export const sieveKeys = {
  countries: (locale: string) => ['reference', 'countries', locale] as const,
  languages: (locale: string) => ['reference', 'languages', locale] as const,
  refs: (kind: RefKind, query: Query) => ['sieve-refs', kind, query] as const,
  ref: (kind: RefKind, id: number) => ['sieve-refs', kind, 'id', id] as const,
  display: () => ['offers', 'sieve-display-settings'] as const,
};

/** one search (or `ids`) call per kind, answering options */
export async function loadRefs(kind: RefKind, query: Query, signal?: AbortSignal): Promise<Items<RefOption>> {
  const opts = { signal, silent: true };
  switch (kind) {
    case 'landers': {
      const { offerId, ...rest } = query;
      const d = await api.get<Items<{ id: number; title: string; language: string | null; status: string }>>(
        '/landers/filters',
        { ...rest, offerId },
        opts,
      );
      return { items: d.items.map((l) => ({ id: l.id, title: l.title, hint: l.language ?? undefined, status: l.status })) };
    }
    case 'affiliates': {
      const d = await api.get<Items<PersonItem>>('/affiliates/lookup', { purpose: 'assignment', ...query }, opts);
      return { items: d.items.map((p) => ({ id: p.id, title: personTitle(p), hint: p.email, status: p.status })), meta: d.meta };
    }
    case 'teams': {
      const d = await api.get<Items<{ id: number; title: string; status: string; membersCount: number }>>(
        '/teams/lookup',
        { purpose: 'assignment', ...query },
        opts,
      );
      return { items: d.items.map((x) => ({ id: x.id, title: x.title, status: x.status })), meta: d.meta };
    }
    case 'advertisers': {
      const d = await api.get<Items<{ id: number; title: string; secureId: string; status: string }>>('/advertisers/filters', query, opts);
      return { items: d.items.map((x) => ({ id: x.id, title: x.title, hint: x.secureId, status: x.status })) };
    }
  }
}

/* ---------- titles of chosen ids: batched per kind ---------- */

type Waiter = { resolve: (v: RefOption | null) => void; reject: (e: unknown) => void };
const pending = new Map<RefKind, Map<number, Waiter[]>>();
const timers = new Map<RefKind, ReturnType<typeof setTimeout>>();

async function flush(kind: RefKind) {
  timers.delete(kind);
  const waiting = pending.get(kind);
  pending.delete(kind);
  if (!waiting) return;
  const ids = [...waiting.keys()];
  for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
    const chunk = ids.slice(i, i + MAX_PAGE_SIZE);
    try {
      const { items } = await loadRefs(kind, { ids: chunk, limit: Math.max(chunk.length, 1) });
      const byId = new Map(items.map((x) => [x.id, x]));
      for (const id of chunk) waiting.get(id)?.forEach((w) => w.resolve(byId.get(id) ?? null));
    } catch (err) {
      for (const id of chunk) waiting.get(id)?.forEach((w) => w.reject(err));
    }
  }
}

/** the option of one id, fetched together with the other ids asked for in the same moment */
export function refById(kind: RefKind, id: number): Promise<RefOption | null> {
  return new Promise((resolve, reject) => {
    const byId = pending.get(kind) ?? new Map<number, Waiter[]>();
    pending.set(kind, byId);
    byId.set(id, [...(byId.get(id) ?? []), { resolve, reject }]);
    if (!timers.has(kind))
      timers.set(
        kind,
        setTimeout(() => void flush(kind), 10),
      );
  });
}

/** the options of the given ids (null: not found or not visible), from the per-id cache */
export function useRefTitles(kind: RefKind, ids: readonly number[], enabled = true) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: sieveKeys.ref(kind, id),
      queryFn: () => refById(kind, id),
      enabled,
      staleTime: 5 * 60_000,
    })),
    combine: (results) => ({
      byId: new Map(ids.map((id, i) => [id, results[i]?.data] as const)),
      loading: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
    }),
  });
}

/* ---------- reference lists ---------- */

export function useCountries() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ru' ? 'ru' : 'en';
  return useQuery({
    queryKey: sieveKeys.countries(locale),
    queryFn: ({ signal }) => api.get<Items<CodeName>>('/countries', { locale }, { signal, silent: true }).then((d) => d.items),
    staleTime: HOUR,
  });
}

export function useLanguages() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ru' ? 'ru' : 'en';
  return useQuery({
    queryKey: sieveKeys.languages(locale),
    queryFn: ({ signal }) => api.get<Items<CodeName>>('/languages', { locale }, { signal, silent: true }).then((d) => d.items),
    staleTime: HOUR,
  });
}

/* ---------- sieve display settings (product §9) ---------- */

export const sieveDisplayApi = {
  get: (signal?: AbortSignal) => api.get<SieveDisplaySettings>('/offers/sieve-display-settings', undefined, { signal, silent: true }),
  save: (data: SieveDisplaySettings) => api.put<SieveDisplaySettings>('/offers/sieve-display-settings', { data }),
};

/**
 * The sieve keys this user shows in the table of `owner` (every key of the owner until they choose), and a setter that
 * saves the choice on the server.
 */
export function useSieveDisplaySettings(owner: SieveOwner) {
  const client = useQueryClient();
  const all = SIEVE_KEYS_BY_OWNER[owner];
  const settings = useQuery({ queryKey: sieveKeys.display(), queryFn: ({ signal }) => sieveDisplayApi.get(signal), staleTime: 5 * 60_000 });
  const save = useMutation({
    mutationFn: (keys: SieveKey[]) => sieveDisplayApi.save({ [owner]: keys } as SieveDisplaySettings),
    onSuccess: (data) => client.setQueryData(sieveKeys.display(), data),
  });
  const chosen = settings.data?.[owner];
  // the order of the owner's keys, whatever order they were saved in
  const keys: SieveKey[] = chosen ? all.filter((k) => (chosen as readonly SieveKey[]).includes(k)) : [...all];
  return { keys, all, loading: settings.isPending, saving: save.isPending, setKeys: (next: SieveKey[]) => save.mutateAsync(next) };
}
