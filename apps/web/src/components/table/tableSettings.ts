/** Column settings per table, kept in local storage under the table's name (spec §7, STYLE §5). */
import { useCallback, useMemo, useState } from 'react';

export interface TableSettings {
  /** keys of the columns the user hid */
  hidden: string[];
}

const storageKey = (name: string) => `lg_table:${name}`;

/** `defaultHidden`: the columns a table hides until the user chooses (a wide table shows its main columns first) */
export function readTableSettings(name: string, defaultHidden: readonly string[] = []): TableSettings {
  try {
    const raw = localStorage.getItem(storageKey(name));
    if (!raw) return { hidden: [...defaultHidden] };
    const parsed = JSON.parse(raw) as Partial<TableSettings>;
    return { hidden: Array.isArray(parsed.hidden) ? parsed.hidden.filter((k): k is string => typeof k === 'string') : [] };
  } catch {
    return { hidden: [...defaultHidden] };
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));

export function writeTableSettings(name: string, settings: TableSettings, defaultHidden: readonly string[] = []) {
  try {
    if (sameSet(settings.hidden, defaultHidden)) localStorage.removeItem(storageKey(name));
    else localStorage.setItem(storageKey(name), JSON.stringify(settings));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

/** what the user chose, or null while the table shows its defaults (so defaults known only later still apply) */
function readStored(name: string): TableSettings | null {
  try {
    return localStorage.getItem(storageKey(name)) === null ? null : readTableSettings(name);
  } catch {
    return null;
  }
}

export function useTableSettings(name: string, defaultHidden: readonly string[] = []) {
  const defaults = defaultHidden.join(',');
  const [stored, setStored] = useState<TableSettings | null>(() => readStored(name));
  const settings = useMemo<TableSettings>(() => stored ?? { hidden: defaults ? defaults.split(',') : [] }, [stored, defaults]);
  const toggle = useCallback(
    (key: string, visible: boolean) => {
      const base = defaults ? defaults.split(',') : [];
      setStored((current) => {
        const hidden = (current ?? { hidden: base }).hidden;
        const next = { hidden: visible ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])] };
        writeTableSettings(name, next, base);
        return sameSet(next.hidden, base) ? null : next;
      });
    },
    [name, defaults],
  );
  const reset = useCallback(() => {
    writeTableSettings(name, { hidden: [] }, []);
    setStored(null);
  }, [name]);
  return { settings, toggle, reset };
}
