/**
 * Integrations and integration templates API (product §7 "integrations and templates"; apps/server/src/modules/
 * {integrations,integration-templates}): query keys, list and detail queries, the writes, the section edits
 * (`POST /<owner>/:id/edit_<section> {data}`), "send a test lead", "run the API sync now", and the look-ups the
 * editors need (the vertical's goals, grades and lead fields; active platforms and verticals).
 */
import type { IntegrationSectionName } from '@leadgrid/shared/sell-side/integration-sections';
import type {
  IntegrationTemplate,
  integrationTemplateCreate,
  integrationTemplateUpdate,
} from '@leadgrid/shared/sell-side/integration-templates';
import type { ApiSyncRun, Integration, integrationUpdate, TestSendResult } from '@leadgrid/shared/sell-side/integrations';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import type { IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '../../../api/client';
import type { ListData } from '../../../components/table/DataTable';

/** whose sections an editor changes */
export type Owner = 'integration' | 'template';
/** what both owners answer: the sections, the vertical and the id */
export type SectionOwnerRecord = Integration | IntegrationTemplate;

export const OWNER_BASE: Record<Owner, string> = { integration: '/integrations', template: '/integration-templates' };
/** the permission of the writes: integrations are pages of the advertiser */
export const OWNER_WRITE: Record<Owner, string> = { integration: 'advertiser.update', template: 'integration_template.update' };

export const integrationKeys = {
  all: ['integrations'] as const,
  lists: () => [...integrationKeys.all, 'list'] as const,
  list: (query: Query) => [...integrationKeys.lists(), query] as const,
  detail: (id: number) => [...integrationKeys.all, 'detail', id] as const,
};
export const templateKeys = {
  all: ['integration-templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (query: Query) => [...templateKeys.lists(), query] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
};
const keysOf = (owner: Owner) => (owner === 'integration' ? integrationKeys : templateKeys);
export const verticalKeys = { detail: (id: number) => ['verticals', 'detail', id] as const };
export const lookupKeys = {
  platforms: () => ['platforms', 'active'] as const,
  verticals: () => ['verticals', 'active'] as const,
};

export interface PlatformRef {
  id: number;
  title: string;
  status: 'active' | 'inactive';
  methods: IntegrationMethod[];
}
export interface VerticalRef {
  id: number;
  title: string;
  status: 'active' | 'inactive';
}

interface Items<T> {
  items: T[];
}

export const integrationsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Integration>>('/integrations', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Integration>>(`/integrations/${id}`, undefined, { signal, silent: true })).items[0],
  update: (items: z.input<typeof integrationUpdate>[]) => api.patch<Items<Integration>>('/integrations', { items }),
  /** the result panel shows the outcome: no toast, and a refusal (not configured, bad URL) is shown in place */
  testSend: (id: number, lead: Record<string, string | number | boolean>) =>
    api.post<TestSendResult>(`/integrations/${id}/test_send`, { data: { lead } }, { silent: true }),
  apiSync: (id: number) => api.post<ApiSyncRun>(`/integrations/${id}/api_sync`, undefined, { silent: true }),
};

export const templatesApi = {
  list: (query: Query, signal?: AbortSignal) =>
    api.get<ListData<IntegrationTemplate>>('/integration-templates', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<IntegrationTemplate>>(`/integration-templates/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: z.input<typeof integrationTemplateCreate>[]) => api.put<Items<IntegrationTemplate>>('/integration-templates', { items }),
  update: (items: z.input<typeof integrationTemplateUpdate>[]) =>
    api.patch<Items<IntegrationTemplate>>('/integration-templates', { items }),
  changeStatus: (items: { id: number; status: 'active' | 'inactive' }[]) =>
    api.post<Items<IntegrationTemplate>>('/integration-templates/change_status', { items }),
  clone: (items: { id: number; title?: string }[]) => api.post<Items<IntegrationTemplate>>('/integration-templates/clone', { items }),
};

export const sectionsApi = {
  edit: (owner: Owner, id: number, section: IntegrationSectionName, data: unknown) =>
    api.post<Items<SectionOwnerRecord>>(`${OWNER_BASE[owner]}/${id}/edit_${section}`, { data }),
};

export const lookupsApi = {
  platforms: (signal?: AbortSignal) =>
    api.get<Items<PlatformRef>>('/platforms/active', { limit: 1000 }, { signal, silent: true }).then((d) => d.items),
  verticals: (signal?: AbortSignal) =>
    api.get<Items<VerticalRef>>('/verticals/active', { limit: 1000 }, { signal, silent: true }).then((d) => d.items),
  vertical: async (id: number, signal?: AbortSignal) =>
    (await api.get<Items<Vertical>>(`/verticals/${id}`, undefined, { signal, silent: true })).items[0],
};

/* ---------- queries ---------- */

export const useIntegrations = (query: Query, enabled = true) =>
  useQuery({
    queryKey: integrationKeys.list(query),
    queryFn: ({ signal }) => integrationsApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useIntegration = (id: number | undefined) =>
  useQuery({
    queryKey: integrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => integrationsApi.get(id!, signal),
    enabled: Number.isInteger(id) && id! > 0,
    retry: false,
  });

export const useTemplates = (query: Query) =>
  useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => templatesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTemplate = (id: number | undefined, enabled = true) =>
  useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => templatesApi.get(id!, signal),
    enabled: enabled && Number.isInteger(id) && id! > 0,
    retry: false,
  });

/** The vertical of a template or integration: its goals, lead grades and custom lead fields (needs vertical.read). */
export const useVertical = (id: number | undefined) =>
  useQuery({
    queryKey: verticalKeys.detail(id ?? 0),
    queryFn: ({ signal }) => lookupsApi.vertical(id!, signal),
    enabled: Number.isInteger(id) && id! > 0,
    retry: false,
    staleTime: 30_000,
  });

export const useActivePlatforms = () =>
  useQuery({ queryKey: lookupKeys.platforms(), queryFn: ({ signal }) => lookupsApi.platforms(signal), staleTime: 60_000 });
export const useActiveVerticals = () =>
  useQuery({ queryKey: lookupKeys.verticals(), queryFn: ({ signal }) => lookupsApi.verticals(signal), staleTime: 60_000 });

/* ---------- writes ---------- */

/** Saves one section; the answer (the whole record) replaces the cached detail, lists are refreshed. */
export function useEditSection(owner: Owner, id: number) {
  const client = useQueryClient();
  const keys = keysOf(owner);
  return useMutation({
    mutationFn: ({ section, data }: { section: IntegrationSectionName; data: unknown }) => sectionsApi.edit(owner, id, section, data),
    onSuccess: (answer) => {
      client.setQueryData(keys.detail(id), answer.items[0]);
      void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

function useWrite<A, R>(root: readonly string[], fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: root }) });
}
export const useUpdateIntegrations = () => useWrite(integrationKeys.all, integrationsApi.update);
export const useCreateTemplates = () => useWrite(templateKeys.all, templatesApi.create);
export const useUpdateTemplates = () => useWrite(templateKeys.all, templatesApi.update);
export const useChangeTemplateStatus = () => useWrite(templateKeys.all, templatesApi.changeStatus);
export const useCloneTemplates = () => useWrite(templateKeys.all, templatesApi.clone);

export const useTestSend = (id: number) =>
  useMutation({ mutationFn: (lead: Record<string, string | number | boolean>) => integrationsApi.testSend(id, lead) });

/** A run changes the integration's apiSyncStatus. */
export function useRunApiSync(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => integrationsApi.apiSync(id),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
