/**
 * jsdom lacks a few browser APIs antd uses; tests also start from an empty session and storage, and the API mock
 * (test/api.ts) answers only what the test itself set up.
 */
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './api';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom implements getComputedStyle without pseudo-elements and logs each call antd makes with one
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// findBy*/waitFor give up after 1 s by default: antd's first render of a modal in jsdom, with two test workers on a
// loaded 2-core machine, took longer than that in a CI run (BlockPanel's dialog "not found"). A wait still fails when
// what it waits for never comes, only later.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  localStorage.clear();
  sessionStorage.clear();
});

// let work React scheduled in the last test (a lazy chunk's retry, a query's answer) run while jsdom still exists:
// after the file's environment is torn down it would throw "window is not defined" as an unhandled error
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  server.close();
});
