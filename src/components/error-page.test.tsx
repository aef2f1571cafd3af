/** An unexpected error anywhere in a route shows the generic Russian error page, not a blank screen. */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { waitUntil } from '../testing/render-app.tsx';
import { ErrorPage } from './error-page.tsx';

afterEach(() => vi.restoreAllMocks());

it('replaces a crashed page with the generic error page', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const root = createRootRoute({ errorComponent: ErrorPage });
  const broken = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => {
      throw new Error('boom');
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([broken]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const container = document.createElement('div');
  document.body.append(container);
  const reactRoot = createRoot(container);
  await act(async () => reactRoot.render(<RouterProvider router={router} />));
  await waitUntil(() => container.textContent?.includes('Что-то пошло не так') ?? false, 'error page');
  expect(container.textContent).toContain('Обновить страницу');
  expect(container.textContent).not.toContain('boom');
  act(() => reactRoot.unmount());
  container.remove();
});
