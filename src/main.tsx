import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthSession } from './features/auth/session.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

const router = createAppRouter(createAuthSession());
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
