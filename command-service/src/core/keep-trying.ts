/**
 * Work after the answer that must not be lost to a short outage (a claim's release, the token of
 * a forgot-password request): tried at once (after `firstWaitMs`), then again with back-off up to
 * 2 s apart while `retry(error)` says the error is worth another try, for at most `forMs`.
 */
export async function keepTrying(
  work: () => Promise<void>,
  options: { forMs: number; firstWaitMs?: number; retry?: (error: unknown) => boolean },
): Promise<void> {
  const started = Date.now();
  for (let wait = options.firstWaitMs ?? 0; ; wait = Math.min(Math.max(wait * 2, 250), 2_000)) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await work();
      return;
    } catch (error) {
      if (!(options.retry?.(error) ?? true) || Date.now() - started >= options.forMs) throw error;
    }
  }
}
