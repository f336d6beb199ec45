/**
 * The page a link names by id, as a link field holds it while the editor works on it: `page:<id>`,
 * perhaps with `#anchor`, kept as typed even when the anchor is not valid yet (so the schema can
 * say so, and the field stays a chosen page); null for anything else (a typed address).
 */
export function chosenPageOf(value: string): { pageId: string; anchor: string } | null {
  const match = /^\s*page:([A-Za-z0-9_-]{1,64})(?:#(.*))?\s*$/s.exec(value);
  return match ? { pageId: match[1]!, anchor: match[2] ?? '' } : null;
}
