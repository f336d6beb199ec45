import type { PageState } from '../app/page-state';

/**
 * The page state as JSON for a `<script type="application/json">` element. `<`, `>` and `&` become
 * \u escapes, so no string in the state can close the script element or open a comment; the line
 * separators are escaped for older JavaScript parsers. JSON.parse reads all of them back as is.
 */
export function serialiseState(state: PageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
