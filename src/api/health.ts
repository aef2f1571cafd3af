/** GET /api/v1/health: whether the server is ready, or still running its startup tasks (the first-start demo build). */
import { apiJson, isStatusError, type RequestOptions } from './client.ts';

export type ServerReadiness = 'ready' | 'starting';

/** 'starting' while the server answers 503 (preparing the demo data); 'ready' otherwise. Network errors throw. */
export async function fetchReadiness(options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<ServerReadiness> {
  try {
    await apiJson<{ status: string }>('health', options);
    return 'ready';
  } catch (error) {
    if (isStatusError(error, 503)) return 'starting';
    throw error;
  }
}
