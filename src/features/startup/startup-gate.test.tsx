import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { StartupGate } from './startup-gate.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

describe('StartupGate', () => {
  it("shows 'Подготовка демонстрационных данных…' while the server starts, then the app", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/v1/health': () => {
        calls += 1;
        return calls < 3
          ? { status: 503, body: { status: 'starting', task: 'forecast archive', step: 2, steps: 2 } }
          : { status: 200, body: { status: 'ok' } };
      },
    });
    view = await render(
      <StartupGate>
        <p>приложение</p>
      </StartupGate>,
    );
    await waitFor(() => expect(view!.container.textContent).toContain('Подготовка демонстрационных данных…'));
    expect(view.container.textContent).not.toContain('приложение');
    await waitFor(() => expect(view!.container.textContent).toContain('приложение'), 5000);
    expect(calls).toBe(3);
  });

  it('opens the app at once when the server is ready, and when it cannot be reached', async () => {
    fakeApi({ 'GET /api/v1/health': 'network-error' });
    view = await render(
      <StartupGate>
        <p>приложение</p>
      </StartupGate>,
    );
    await waitFor(() => expect(view!.container.textContent).toBe('приложение'));
  });
});
