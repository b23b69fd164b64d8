/**
 * Drawers, modals and forms opened on demand are loaded on demand (docs/decisions/web.md, first-load budgets):
 * `lazyWhenOpen(() => import('./EditDrawer').then((m) => m.EditDrawer))` gives a component with the same props that
 * renders nothing, and loads nothing, until it is first open; from then on it stays mounted, so its close animation
 * and its form state behave as before. `isOpen` tells when it is open for components whose prop is not `open`.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => Boolean((props as { open?: unknown }).open),
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LazyWhenOpen(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    // the first opening switches it on for good (a state update during render, the React-documented pattern)
    if (open && !wanted) setWanted(true);
    if (!wanted && !open) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}
