import { createRoute } from '@tanstack/react-router';
import { VerificationPage } from '../features/verification/verification-page.tsx';
import { signedInRoute } from './signed-in-layout.tsx';

/** /verification: every run scored against the analysis of its valid date, beside persistence. */
export const verificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'verification',
  component: VerificationPage,
});
