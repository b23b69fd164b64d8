/**
 * Column settings per table, kept in local storage under the table's name (product §7, style §5). A table whose choice
 * the server keeps too passes a `TableSettingsSync`: local storage stays the instant cache, the server's answer
 * replaces it for the columns the server knows, and every change is handed back to be saved.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

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

/** the server's copy of a table's column choice */
export interface TableSettingsSync {
  /** the columns the server keeps a status for; undefined until it answered */
  known?: readonly string[];
  /** of those, the hidden ones */
  hidden?: readonly string[];
  /** a change by the user: every hidden column after it */
  onChange: (hidden: string[]) => void;
}

export function useTableSettings(name: string, defaultHidden: readonly string[] = [], sync?: TableSettingsSync) {
  const defaults = defaultHidden.join(',');
  const [stored, setStored] = useState<TableSettings | null>(() => readStored(name));
  const settings = useMemo<TableSettings>(() => stored ?? { hidden: defaults ? defaults.split(',') : [] }, [stored, defaults]);
  const onChange = useRef(sync?.onChange);
  onChange.current = sync?.onChange;

  // the server's answer wins over the cache for the columns it knows; the others keep what this browser chose
  const serverKnown = sync?.known?.join(',');
  const serverHidden = sync?.hidden?.join(',');
  useEffect(() => {
    if (serverKnown === undefined || serverHidden === undefined) return;
    const known = serverKnown ? serverKnown.split(',') : [];
    const hidden = serverHidden ? serverHidden.split(',') : [];
    const base = defaults ? defaults.split(',') : [];
    setStored((current) => {
      const mine = (current ?? { hidden: base }).hidden;
      const next = { hidden: [...mine.filter((k) => !known.includes(k)), ...hidden] };
      if (current && sameSet(next.hidden, current.hidden)) return current;
      writeTableSettings(name, next, base);
      return sameSet(next.hidden, base) ? null : next;
    });
  }, [name, defaults, serverKnown, serverHidden]);

  const toggle = useCallback(
    (key: string, visible: boolean) => {
      const base = defaults ? defaults.split(',') : [];
      const hidden = settings.hidden;
      const next = { hidden: visible ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])] };
      writeTableSettings(name, next, base);
      setStored(sameSet(next.hidden, base) ? null : next);
      onChange.current?.(next.hidden);
    },
    [name, defaults, settings],
  );
  const reset = useCallback(() => {
    writeTableSettings(name, { hidden: [] }, []);
    setStored(null);
    onChange.current?.(defaults ? defaults.split(',') : []);
  }, [name, defaults]);
  return { settings, toggle, reset };
}
