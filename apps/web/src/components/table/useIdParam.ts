/**
 * The record a list page shows in its drawer, kept in one query parameter (`?lead=12`, `?conversion=7`) so the drawer
 * survives a reload and the browser's back button closes it. Anything but a positive integer reads as none.
 */
import { useSearchParams } from 'react-router';

export function useIdParam(name: string): [number | undefined, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get(name));
  const id = Number.isInteger(n) && n > 0 ? n : undefined;
  const setId = (next: number | null) =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        if (next) query.set(name, String(next));
        else query.delete(name);
        return query;
      },
      { replace: false },
    );
  return [id, setId];
}
