import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthSession } from './features/auth/session.ts';
import { StartupGate } from './features/startup/startup-gate.tsx';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

const router = createAppRouter(createAuthSession());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StartupGate>
      <RouterProvider router={router} />
    </StartupGate>
  </StrictMode>,
);
