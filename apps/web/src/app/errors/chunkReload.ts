/** Product §8: a failed chunk load reloads the page, at most once per 60 seconds (sessionStorage timestamp). */
import { CHUNK_RELOAD_GUARD_MS } from '@leadgrid/shared/constants';

const KEY = 'lg_chunk_reload_at';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** Reloads and answers true, or answers false when a reload already happened within the guard window. */
export function reloadForChunkError(now: number = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY) ?? 0);
  } catch {
    last = 0;
  }
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // without storage the guard cannot hold: do not risk a reload loop
    return false;
  }
  window.location.reload();
  return true;
}
