/** SEO keywords as the editor types them, "onderzoek, advies" → ['onderzoek', 'advies']: trimmed, no empties, no repeats. */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(',')) {
    const keyword = part.trim();
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  }
  return keywords;
}

/** The keywords as one line to edit. */
export function formatKeywords(keywords: readonly string[]): string {
  return keywords.join(', ');
}

/** A typed SEO image address as a version stores it (spec section 5): none, or exactly one. */
export function seoImageFromText(text: string): string[] {
  const url = text.trim();
  return url === '' ? [] : [url];
}
