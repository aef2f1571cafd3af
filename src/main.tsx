import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthSession } from './features/auth/session.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';
import { firstFieldDrawn } from './features/forecast-map/first-view/first-field-drawn.ts';
import { StartupGate } from './features/startup/startup-gate.tsx';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

const PUBLIC_PATHS = new Set(['/login', '/register']);
/** The map page registers the service worker after its first field, or after this long without one, ms. */
const SERVICE_WORKER_FALLBACK_MS = 20_000;

const session = createAuthSession();
// On a signed-in page the session check goes out with the readiness check (StartupGate), not one
// round trip (600 ms on a satellite link) after it. The public pages do not need it.
if (!PUBLIC_PATHS.has(location.pathname)) void session.ensureUser();
const router = createAppRouter(session);
// On the map page the service worker's requests wait for the first field (first-field-drawn.ts).
registerServiceWorker(location.pathname === '/forecasts' ? firstFieldDrawn(SERVICE_WORKER_FALLBACK_MS) : undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StartupGate>
      <RouterProvider router={router} />
    </StartupGate>
  </StrictMode>,
);
