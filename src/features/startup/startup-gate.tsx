import { useEffect, useState, type ReactNode } from 'react';
import { fetchReadiness } from '../../api/health.ts';
import { ru } from '../../i18n/ru.ts';

/** How often to ask whether the server is ready, ms. */
const POLL_MS = 1000;

type GateState = 'checking' | 'starting' | 'open';

/** Renders `children` once the server is ready; while it prepares its data, says so and waits. */
export function StartupGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>('checking');
  useEffect(() => {
    if (state === 'open') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const readiness = await fetchReadiness({ signal: controller.signal, timeoutMs: 10_000 });
        if (controller.signal.aborted) return;
        if (readiness === 'ready') setState('open');
        else {
          setState('starting');
          timer = setTimeout(() => void check(), POLL_MS);
        }
      } catch {
        // Not reachable at all (or aborted): the pages show their own connection errors.
        if (!controller.signal.aborted) setState('open');
      }
    };
    void check();
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
    // Runs once: the loop lives inside until the server is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state === 'open') return <>{children}</>;
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span>{state === 'starting' ? ru.startup.preparing : ru.app.loading}</span>
    </div>
  );
}
