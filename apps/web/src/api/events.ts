/**
 * App-wide signals raised by the API client and shown by the shell: the server-error popup, the
 * front-end update popup and the end of a session.
 */
import { createStore } from './store';

export interface ServerErrorState {
  status: number;
  message?: string;
}

/** set on a 500 or when the server does not answer; the shell opens the server-error popup */
export const serverErrorStore = createStore<ServerErrorState | null>(null);

/**
 * Product §4: when a refresh answer carries a frontendVersionTs other than the one at start, the front end
 * must be updated. The shell opens a reload popup; cancel clears the flag.
 */
export const updateRequiredStore = createStore(false);
let startVersion: number | undefined;
let latestVersion: number | undefined;

/** The first version seen (public settings or a refresh answer) is the one at start. */
export function noteFrontendVersion(ts: number, source: 'settings' | 'refresh') {
  latestVersion = ts;
  if (startVersion === undefined) {
    startVersion = ts;
    return;
  }
  if (source === 'refresh' && ts !== startVersion) updateRequiredStore.set(true);
}

/** Cancel in the reload popup: clear the flag and stop asking until the version changes again. */
export function dismissUpdateRequired() {
  if (latestVersion !== undefined) startVersion = latestVersion;
  updateRequiredStore.set(false);
}

/** for tests */
export function resetFrontendVersion() {
  startVersion = undefined;
  latestVersion = undefined;
  updateRequiredStore.set(false);
}

type SessionEndedHandler = () => void;
let sessionEndedHandler: SessionEndedHandler = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** The session layer registers how to leave (clear the user, go to /login). */
export function onSessionEnded(handler: SessionEndedHandler): () => void {
  const previous = sessionEndedHandler;
  sessionEndedHandler = handler;
  return () => {
    sessionEndedHandler = previous;
  };
}

export function emitSessionEnded() {
  sessionEndedHandler();
}
