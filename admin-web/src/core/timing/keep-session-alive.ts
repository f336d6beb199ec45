import { defaultActivityTarget, listenForActivity, type ActivityTarget } from './activity-events';

export const SESSION_REFRESH_INTERVAL_MS = 5 * 60_000;

export interface KeepSessionAliveOptions {
  /** Asks the server to extend the session; resolves false when it could not. */
  refresh: () => Promise<boolean>;
  /** Called when a refresh failed (the admin reloads the page). */
  onFailure: () => void;
  intervalMs?: number;
  target?: ActivityTarget;
}

/**
 * Refreshes the session every interval in which the user was active, so an editor working in one
 * screen for a long time keeps the session; an idle one lets it run out (and the inactivity
 * helper logs them out first). Returns a function that stops it.
 */
export function keepSessionAlive({
  refresh,
  onFailure,
  intervalMs = SESSION_REFRESH_INTERVAL_MS,
  target = defaultActivityTarget(),
}: KeepSessionAliveOptions): () => void {
  let active = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopListening = listenForActivity(target, () => {
    active = true;
  });

  function schedule() {
    timer = setTimeout(() => void tick(), intervalMs);
  }

  async function tick() {
    if (stopped) return;
    if (active) {
      active = false;
      let refreshed = false;
      try {
        refreshed = await refresh();
      } catch {
        refreshed = false;
      }
      // Reported even when stopped meanwhile: a lost session must not go unnoticed.
      if (!refreshed) {
        onFailure();
        return;
      }
      if (stopped) return;
    }
    schedule();
  }

  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
  };
}
