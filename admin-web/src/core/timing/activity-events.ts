/** Minimal event source: the window in the browser, a plain EventTarget in specs. */
export type ActivityTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * What counts as activity (spec section 4: mouse move, click, scroll or keypress). keydown is
 * added because keypress does not fire for keys such as Tab or the arrows. Listened to in the
 * capture phase, so that scrolling inside an element (scroll does not bubble) counts too.
 */
export const activityEvents = ['mousemove', 'click', 'scroll', 'keypress', 'keydown'] as const;

/** Calls onActivity on every activity event of target; returns a function that stops it. */
export function listenForActivity(target: ActivityTarget, onActivity: () => void): () => void {
  const listener = () => onActivity();
  const options = { capture: true, passive: true };
  for (const type of activityEvents) target.addEventListener(type, listener, options);
  return () => {
    for (const type of activityEvents) target.removeEventListener(type, listener, options);
  };
}

export function defaultActivityTarget(): ActivityTarget {
  return window;
}
