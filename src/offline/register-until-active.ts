/**
 * Registration that does not give up after one failed install. On a satellite link the service worker's script or
 * its precache (index.html and the entry chunk) can fail to arrive; the browser then drops the registration and would
 * try again only at the next navigation, and a ship keeps the map page open for hours, so the link could drop before
 * the app was ever kept for offline use. Here a failed attempt is repeated after RETRY_DELAYS_MS (the last delay
 * repeats) until a worker is active.
 */

/** Waits between attempts, ms: soon after a glitch, then no more often than every 5 minutes. */
export const RETRY_DELAYS_MS = [15_000, 30_000, 60_000, 120_000, 300_000];

/** What this module reads of a ServiceWorker / ServiceWorkerRegistration (so tests can hand in their own). */
export interface WorkerLike {
  state: string;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}
export interface RegistrationLike {
  installing: WorkerLike | null;
  waiting: WorkerLike | null;
  active: WorkerLike | null;
}

/** True once the registration has an active worker; false when its new worker was discarded with none active. */
export function installOutcome(registration: RegistrationLike): Promise<boolean> {
  if (registration.active) return Promise.resolve(true);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const check = () => {
      if (registration.active || worker.state === 'activating' || worker.state === 'activated') {
        worker.removeEventListener('statechange', check);
        resolve(true);
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', check);
        resolve(registration.active !== null);
      }
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/**
 * `firstAttempt` (workbox's register, which also waits for the page's load), then `again` after each delay until an
 * attempt leaves an active worker. Resolves then; never rejects (failures are logged).
 */
export async function registerUntilActive(
  firstAttempt: () => Promise<RegistrationLike | undefined>,
  again: () => Promise<RegistrationLike>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const registration = attempt === 0 ? await firstAttempt() : await again();
      if (registration && (await installOutcome(registration))) return;
      console.warn(`Service worker not installed (attempt ${attempt + 1}); trying again`);
    } catch (error) {
      console.warn(`Service worker not registered (attempt ${attempt + 1}):`, error);
    }
    await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]);
  }
}
