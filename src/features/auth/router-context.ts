/** What the router hands to every route's beforeLoad and component (TanStack Router context). */
import type { AuthSession } from './session.ts';

export interface RouterContext {
  auth: AuthSession;
}
