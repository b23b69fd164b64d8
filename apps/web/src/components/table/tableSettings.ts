/** Column settings per table, kept in local storage under the table's name (spec §7, STYLE §5). */
import { useCallback, useState } from 'react';

export interface TableSettings {
  /** keys of the columns the user hid */
  hidden: string[];
}

const storageKey = (name: string) => `lg_table:${name}`;

export function readTableSettings(name: string): TableSettings {
  try {
    const raw = localStorage.getItem(storageKey(name));
    const parsed = raw ? (JSON.parse(raw) as Partial<TableSettings>) : {};
    return { hidden: Array.isArray(parsed.hidden) ? parsed.hidden.filter((k): k is string => typeof k === 'string') : [] };
  } catch {
    return { hidden: [] };
  }
}

export function writeTableSettings(name: string, settings: TableSettings) {
  try {
    if (settings.hidden.length === 0) localStorage.removeItem(storageKey(name));
    else localStorage.setItem(storageKey(name), JSON.stringify(settings));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

export function useTableSettings(name: string) {
  const [settings, setSettings] = useState<TableSettings>(() => readTableSettings(name));
  const update = useCallback(
    (next: TableSettings) => {
      writeTableSettings(name, next);
      setSettings(next);
    },
    [name],
  );
  const toggle = useCallback((key: string, visible: boolean) => {
    setSettings((current) => {
      const hidden = visible ? current.hidden.filter((k) => k !== key) : [...new Set([...current.hidden, key])];
      const next = { hidden };
      writeTableSettings(name, next);
      return next;
    });
  }, [name]);
  const reset = useCallback(() => update({ hidden: [] }), [update]);
  return { settings, toggle, reset };
}
