/**
 * Employees API (product §7 "users, affiliates and employees"; apps/server/src/modules/people/employees): keys, list and
 * detail queries, writes, status changes (a block needs a reason), the custom permissions of one employee, and
 * the active staff roles the role select offers.
 */
import type { Employee, EmployeeCreate, EmployeePermissions, EmployeeStatusItem, EmployeeUpdate } from '@leadgrid/shared/people/people';
import { EMPLOYEE_ROLE_TYPES } from '@leadgrid/shared/people/people';
import type { Role } from '@leadgrid/shared/access/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../api/client';
import { roleKeys } from '../../../api/roles';
import { sessionKeys } from '../../../api/users';
import type { ListData } from '../../../components/table/DataTable';

export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (query: Query) => [...employeeKeys.lists(), query] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
  permissions: (id: number) => [...employeeKeys.all, 'permissions', id] as const,
};

type Answer = { items: Employee[] };

export const employeesApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ListData<Employee>>('/employees', { ...query, withMeta: 1 }, { signal }),
  get: async (id: number, signal?: AbortSignal) =>
    (await api.get<Answer>(`/employees/${id}`, undefined, { signal, silent: true })).items[0],
  create: (items: EmployeeCreate[]) => api.put<Answer>('/employees', { items }),
  update: (items: EmployeeUpdate[]) => api.patch<Answer>('/employees', { items }),
  changeStatus: (items: EmployeeStatusItem[]) => api.post<Answer>('/employees/change_status', { items }),
  permissions: (id: number, signal?: AbortSignal) => api.get<EmployeePermissions>(`/employees/${id}/permissions`, undefined, { signal }),
  setPermissions: ({ id, permissions }: { id: number; permissions: string[] | null }) =>
    api.post<EmployeePermissions>(`/employees/${id}/permissions`, { data: { permissions } }),
  /** active roles of the staff types (admin, affiliate manager, advertiser manager, employee) */
  staffRoles: async (signal?: AbortSignal) => {
    const { items } = await api.get<{ items: Role[] }>(
      '/roles',
      { status: 'active', limit: 1000, orderBy: 'title:asc' },
      { signal, silent: true },
    );
    return items.filter((r) => (EMPLOYEE_ROLE_TYPES as readonly string[]).includes(r.type));
  },
  role: async (id: number, signal?: AbortSignal) =>
    (await api.get<{ items: Role[] }>(`/roles/${id}`, undefined, { signal, silent: true })).items[0],
};

export function useEmployees(query: Query) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: ({ signal }) => employeesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number) {
  return useQuery({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => employeesApi.get(id, signal),
    enabled: id > 0,
    retry: false,
  });
}

export function useEmployeePermissions(id: number, enabled = true) {
  return useQuery({
    queryKey: employeeKeys.permissions(id),
    queryFn: ({ signal }) => employeesApi.permissions(id, signal),
    enabled: enabled && id > 0,
  });
}

export function useStaffRoles(enabled = true) {
  return useQuery({
    queryKey: [...roleKeys.all, 'staff-active'],
    queryFn: ({ signal }) => employeesApi.staffRoles(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The role of an employee (its `system` flag tells the built-in administrator role). */
export function useRole(id: number | undefined) {
  return useQuery({
    queryKey: [...roleKeys.all, 'one', id],
    queryFn: ({ signal }) => employeesApi.role(id!, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Employee writes refresh the employees, the role user counts, the manager look-ups and the signed-in user. */
function useEmployeeWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: employeeKeys.all }),
        client.invalidateQueries({ queryKey: roleKeys.all }),
        client.invalidateQueries({ queryKey: ['managers'] }),
        client.invalidateQueries({ queryKey: sessionKeys.user() }),
      ]),
  });
}

export const useCreateEmployees = () => useEmployeeWrite(employeesApi.create);
export const useUpdateEmployees = () => useEmployeeWrite(employeesApi.update);
export const useChangeEmployeeStatus = () => useEmployeeWrite(employeesApi.changeStatus);
export const useSetEmployeePermissions = () => useEmployeeWrite(employeesApi.setPermissions);

export const EMPLOYEE_WRITE = 'user.update';
