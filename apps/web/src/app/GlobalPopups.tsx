/**
 * App-wide popups: server error (product §8), front-end update (product §4) and ad blocker (product §4). What decides
 * that one opens is here; the dialogs themselves load when one first opens (GlobalDialogs.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { serverErrorStore, updateRequiredStore } from '../api/events';
import { useStore } from '../api/store';
import { lazyWhenOpen } from '../components/lazyWhenOpen';

const ServerErrorDialog = lazyWhenOpen(() => import('./GlobalDialogs').then((m) => m.ServerErrorDialog));
const UpdateRequiredDialog = lazyWhenOpen(() => import('./GlobalDialogs').then((m) => m.UpdateRequiredDialog));
const AdBlockDialog = lazyWhenOpen(() => import('./GlobalDialogs').then((m) => m.AdBlockDialog));

export function ServerErrorModal() {
  const error = useStore(serverErrorStore);
  return <ServerErrorDialog open={Boolean(error)} status={error?.status} onClose={() => serverErrorStore.set(null)} />;
}

export function UpdateRequiredModal() {
  const open = useStore(updateRequiredStore);
  return <UpdateRequiredDialog open={open} />;
}

const AD_NOTICE_KEY = 'lg_adblock_notice';

/** A bait element that ad blockers hide; when it is hidden, a popup asks to allow this site. */
export function AdBlockDetector() {
  const bait = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (sessionStorage.getItem(AD_NOTICE_KEY)) return;
    const timer = window.setTimeout(() => {
      const el = bait.current;
      if (!el) return;
      const style = window.getComputedStyle(el);
      const hidden = !el.isConnected || el.offsetHeight === 0 || style.display === 'none' || style.visibility === 'hidden';
      if (hidden) setOpen(true);
    }, 1500);
    return () => window.clearTimeout(timer);
  }, []);
  const close = () => {
    sessionStorage.setItem(AD_NOTICE_KEY, '1');
    setOpen(false);
  };
  return (
    <>
      <div ref={bait} className="lg-ad-bait adsbox ad-banner ad-placement pub_300x250 textads banner-ads" aria-hidden="true">
        &nbsp;
      </div>
      <AdBlockDialog open={open} onClose={close} />
    </>
  );
}
