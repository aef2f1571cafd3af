/** Mount the whole app (real router, real routes, real API client) at a path, with fetch replaced by a fake. */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { vi } from 'vitest';
import { createAuthSession } from '../features/auth/session.ts';
import { createAppRouter, type AppRouter } from '../router.tsx';
import { clearCookies, type FakeApi } from './fake-api.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderedApp {
  router: AppRouter;
  container: HTMLElement;
  /** Current path of the memory history. */
  path: () => string;
  text: () => string;
  unmount: () => void;
}

export async function renderApp(path: string, api: FakeApi): Promise<RenderedApp> {
  vi.stubGlobal('fetch', api.fetch);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(createAuthSession(), history);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  return {
    router,
    container,
    path: () => router.state.location.pathname,
    text: () => container.textContent ?? '',
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Let React and the router settle until `check` passes (or fail after about 2 s). */
export async function waitUntil(check: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Type into an uncontrolled input found by its placeholder. */
export function fill(container: HTMLElement, placeholder: string, value: string): void {
  const input = container.querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`);
  if (!input) throw new Error(`no input with placeholder ${placeholder}`);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function buttonByText(container: HTMLElement, text: string): HTMLButtonElement {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`no button "${text}"`);
  return button;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Record window.alert calls (happy-dom has no alert of its own); vi.unstubAllGlobals() removes it. */
export function stubAlert() {
  const alert = vi.fn<(message?: unknown) => void>();
  vi.stubGlobal('alert', alert);
  if (window.alert !== alert) window.alert = alert;
  return alert;
}

/**
 * What a file's afterEach does: unmount the case's app (if it rendered one), restore stubbed globals (fetch, alert)
 * and spies, forget cookies. Returns null for the file's `app` variable: `afterEach(() => (app = cleanUpApp(app)))`.
 */
export function cleanUpApp(app: RenderedApp | null): null {
  app?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
  return null;
}
