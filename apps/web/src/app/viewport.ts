/**
 * The widths the layout changes at (docs/decisions/web.md, phones): under 1024 px the sidebar collapses by itself,
 * under 768 px it becomes a drawer behind a menu button, filter bars fold into a drawer and drawers take the width.
 */
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 1023.98px)';
export const PHONE_QUERY = '(max-width: 767.98px)';

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** under 1024 px: the sidebar starts minimised */
export const useNarrow = () => useMedia(NARROW_QUERY);
/** under 768 px: a phone */
export const usePhone = () => useMedia(PHONE_QUERY);
