import { createRoute } from '@tanstack/react-router';
import type { RegionId } from '../../common/regions/types.ts';
import { VerificationPage } from '../features/verification/verification-page.tsx';
import { regionOfVerificationSearch, validateVerificationSearch, verificationSearchOf } from '../features/verification/verification-search.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /verification: every run scored against the analysis of its valid date, beside persistence; `?region=arctic` the whole Arctic's. */
export const verificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'verification',
  validateSearch: validateVerificationSearch,
  component: VerificationRouteView,
});

/** The page with its region kept in the URL (replacing the history entry, as the map's choices do). */
function VerificationRouteView() {
  const region = regionOfVerificationSearch(verificationRoute.useSearch());
  const navigate = verificationRoute.useNavigate();
  const choose = (next: RegionId) => void navigate({ search: verificationSearchOf(next), replace: true });
  return <VerificationPage region={region} onRegionChange={choose} />;
}
