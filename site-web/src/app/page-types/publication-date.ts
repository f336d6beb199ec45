import { htmlLang } from '../html-lang';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An article's publication date as stored (`2026-03-12`), written out in the page's locale:
 * "12 maart 2026", "12 March 2026". Read and formatted in UTC, so the day is the same wherever the
 * server or the visitor is. Null for anything that is not a calendar date.
 */
export function formatPublicationDate(value: unknown, locale: string): string | null {
  if (typeof value !== 'string') return null;
  const match = isoDate.exec(value.trim());
  if (match === null) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // 2026-02-30 would roll over into March.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value.trim()) return null;
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(htmlLang(locale), options);
  } catch {
    // Not a language tag Intl knows; a fixed fallback keeps server and browser alike.
    format = new Intl.DateTimeFormat('en', options);
  }
  return format.format(day);
}
