import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (a search box's text before it is sent to the server) */
export function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
