/** Dates in the admin read the British way: "2 Mar 2025, 10:30" (spec: dates for many languages; the admin is English). */
// Making a formatter costs far more than using one, and lists and the editor format on every
// render: each is made once per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat('en-GB', { ...options, timeZone })));
  return made;
}

const dateTime = (timeZone?: string) => formatter('date-time', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }, timeZone);

const timeOnly = (timeZone?: string) => formatter('time', { hour: '2-digit', minute: '2-digit' }, timeZone);

/** An ISO time as date and time, en-GB, in the browser's time zone; '' for a missing or unreadable one. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime(timeZone).format(date);
}

/** Time alone for today, date and time otherwise ("14:05", or "2 Mar 2025, 10:30"). */
export function formatRecentTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = (value: Date) => formatter('day', { dateStyle: 'short' }, timeZone).format(value);
  return day(date) === day(now) ? timeOnly(timeZone).format(date) : dateTime(timeZone).format(date);
}
