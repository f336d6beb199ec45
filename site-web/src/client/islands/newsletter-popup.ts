import { answered, browserStorage, popupSchedule, readPopupMemory, writePopupMemory } from './popup-memory';

/** setTimeout's longest wait; a page open longer than that (25 days) does not open the popup. */
const MAX_TIMER_MS = 2_147_483_647;

const seconds = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback);

/**
 * The newsletter popup's loader (issue 16): a few lines on every page that has the popup. It
 * reads what the browser remembers (popup-memory.ts) and, unless the visitor subscribed or
 * declined within the hidden period, waits until the delay since their first page view has
 * passed; only then does it load the dialog's code (newsletter-popup-dialog.ts, a chunk of its
 * own, with the form's) and open it. What the visitor answers is remembered for the period the
 * settings give that answer.
 */
export function mount(root: HTMLElement, props: Readonly<Record<string, unknown>>): void {
  const storage = browserStorage();
  const memory = readPopupMemory(storage);
  if (memory === null) return;
  const schedule = popupSchedule(memory, seconds(props.delaySeconds, 20), Date.now());
  if (schedule.waitMs === null) return;
  // Remembered first, whatever comes next: a delay of days is counted from this first view, and a
  // later page view opens the popup once its time has come.
  if (!writePopupMemory(storage, schedule.memory)) return;
  if (schedule.waitMs > MAX_TIMER_MS) return;

  const remember = (outcome: 'accepted' | 'declined') => {
    const hidden = outcome === 'accepted' ? seconds(props.hiddenAfterAcceptSeconds, 365 * 86_400) : seconds(props.hiddenAfterDeclineSeconds, 30 * 86_400);
    writePopupMemory(storage, answered(outcome, hidden, Date.now()));
  };

  window.setTimeout(() => {
    // Another tab may have had an answer in the meantime.
    const now = readPopupMemory(storage);
    if (now === null || (now.hiddenUntil !== undefined && Date.now() < now.hiddenUntil)) return;
    void import('./newsletter-popup-dialog')
      .then((dialog) => dialog.openPopup(root, remember))
      .catch((error: unknown) => console.error('The newsletter popup could not open', error));
  }, schedule.waitMs);
}
