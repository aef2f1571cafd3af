import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthSession } from './features/auth/session.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';
import { StartupGate } from './features/startup/startup-gate.tsx';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

const PUBLIC_PATHS = new Set(['/login', '/register']);

const session = createAuthSession();
// On a signed-in page the session check goes out with the readiness check (StartupGate), not one
// round trip (600 ms on a satellite link) after it. The public pages do not need it.
if (!PUBLIC_PATHS.has(location.pathname)) void session.ensureUser();
const router = createAppRouter(session);
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StartupGate>
      <RouterProvider router={router} />
    </StartupGate>
  </StrictMode>,
);
