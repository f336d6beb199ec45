/**
 * What the browser remembers of the newsletter popup (issue 16), in localStorage only: no cookie,
 * so the server never sees it and every page stays the same for every visitor (and cacheable).
 * `firstSeenAt`: the visitor's first page view with the popup (its delay counts from there);
 * `hiddenUntil` and `outcome`: after subscribing or declining, until when it stays away.
 */
export interface PopupMemory {
  firstSeenAt?: number;
  hiddenUntil?: number;
  outcome?: 'accepted' | 'declined';
}

export const POPUP_STORAGE_KEY = 'pagelog.newsletterPopup';

/** The memory, or null when the browser keeps none (storage blocked): then the popup is never shown, as its hidden period could not be kept. */
export function readPopupMemory(storage: Storage | null): PopupMemory | null {
  if (storage === null) return null;
  try {
    const raw = storage.getItem(POPUP_STORAGE_KEY);
    if (raw === null) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const { firstSeenAt, hiddenUntil, outcome } = value as Record<string, unknown>;
    return {
      ...(typeof firstSeenAt === 'number' ? { firstSeenAt } : {}),
      ...(typeof hiddenUntil === 'number' ? { hiddenUntil } : {}),
      ...(outcome === 'accepted' || outcome === 'declined' ? { outcome } : {}),
    };
  } catch {
    return {};
  }
}

/** Keeps the memory; false when the browser would not. */
export function writePopupMemory(storage: Storage | null, memory: PopupMemory): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(POPUP_STORAGE_KEY, JSON.stringify(memory));
    return true;
  } catch {
    return false;
  }
}

/** The browser's localStorage, or null where it is blocked (some private modes throw on access). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * When the popup should open, in ms from now, or null for not on this page view: hidden after
 * an answer until its period ends (after which the delay starts again), else the delay counted
 * from the first page view. Also gives the memory to keep (the first view recorded).
 */
export function popupSchedule(memory: PopupMemory, delaySeconds: number, now: number): { waitMs: number | null; memory: PopupMemory } {
  if (memory.hiddenUntil !== undefined && now < memory.hiddenUntil) return { waitMs: null, memory };
  const fresh: PopupMemory = memory.hiddenUntil !== undefined ? { firstSeenAt: now } : { firstSeenAt: memory.firstSeenAt ?? now };
  const due = fresh.firstSeenAt! + delaySeconds * 1000;
  return { waitMs: Math.max(0, due - now), memory: fresh };
}

/** The memory after an answer: away for the period that answer sets. */
export function answered(outcome: 'accepted' | 'declined', hiddenSeconds: number, now: number): PopupMemory {
  return { outcome, hiddenUntil: now + hiddenSeconds * 1000, firstSeenAt: now };
}
