/** A small client for the bench's setup: calls the app's API as the bench admin and unwraps the envelope. */
export interface Api {
  base: string;
  call<T = { id: number }>(method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, body?: unknown): Promise<T>;
  /** PUT {items:[item]} and answer the created item */
  create<T = { id: number }>(path: string, item: unknown): Promise<T>;
}

export function apiClient(base: string, token: string): Api {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: T; message?: string };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  return {
    base,
    call,
    create: async <T>(path: string, item: unknown) => (await call<{ items: T[] }>('PUT', path, { items: [item] })).items[0],
  };
}
