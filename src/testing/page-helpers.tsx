/**
 * Helpers for the screens' unit tests (happy-dom): render into a real DOM with React's act(), and answer the
 * API client's fetch calls from a table of routes, recording each request.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../common/testing/fake-fetch.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  unmount: () => void;
}

/** What a case started: its rendered view and what follows the store (a loader's or checker's stop). */
export interface CaseParts {
  view?: Rendered;
  stop?: () => void;
}

/** A file's afterEach: the case's follower stopped, its view unmounted, stubbed globals (fetch) restored. */
export function endCase(parts: CaseParts): void {
  parts.stop?.();
  parts.view?.unmount();
  parts.stop = undefined;
  parts.view = undefined;
  vi.unstubAllGlobals();
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(node);
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Let pending promises and React updates settle. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Wait until `check` stops throwing (or fail with its last error after `timeoutMs`). Returns as soon as it holds: the
 * default is a hang guard, not a speed check (2 s ran out on a loaded two-core machine, CI running the journeys beside).
 */
export async function waitFor(check: () => void, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await settle(10);
    }
  }
}

export interface SeenRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The JSON body, parsed (null without one). */
  body: unknown;
  headers: Headers;
}

export type Reply = { status: number; body?: unknown } | 'network-error';
export type Route = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/** Stub global fetch: `routes['GET /api/v1/jobs/1']` answers that request; an unknown request fails the test. */
export function fakeApi(routes: Record<string, Route>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const network = fakeFetch(async ({ method, path, body: text, headers }) => {
    const request: SeenRequest = { method, path, body: text ? JSON.parse(text) : null, headers };
    seen.push(request);
    const route = routes[`${method} ${path}`];
    if (route === undefined) throw new Error(`unexpected request ${method} ${path}`);
    const reply = typeof route === 'function' ? await route(request) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', network.fetch);
  return seen;
}

export function click(element: Element | null): Promise<void> {
  if (!element) throw new Error('nothing to click');
  return act(async () => {
    (element as HTMLElement).click();
  });
}

/** Set a form control's value the way React notices (through the native setter), then fire input/change. */
export async function typeInto(element: Element | null, value: string): Promise<void> {
  if (!element) throw new Error('no field');
  const control = element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const prototype = Object.getPrototypeOf(control) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setter?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function byText(container: HTMLElement, selector: string, text: string): HTMLElement | null {
  return [...container.querySelectorAll<HTMLElement>(selector)].find((element) => element.textContent?.trim() === text) ?? null;
}
