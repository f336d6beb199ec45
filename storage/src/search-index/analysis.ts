import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { distance } from 'fastest-levenshtein';
import { languageOf, type SnippetPart } from '@pagelog/contracts/search/search';

/**
 * Text analysis shared by the search-index adapters: the SQLite adapter stems with it at indexing
 * and query time; the PostgreSQL and Elasticsearch adapters use it for queries, typo rules and
 * snippets, so every engine highlights and tolerates typos the same way.
 */

/** Languages with a stemmer; a search without locales stems its words in each of them. */
export const stemmedLanguages: readonly string[] = ['nl', 'en', 'de', 'fr'];

const stemmers: Record<string, (word: string) => string> = {
  nl: dutchStemmer,
  en: englishStemmer,
  de: germanStemmer,
  fr: frenchStemmer,
};

/** Letters NFKD leaves whole: they are letters of their own, not a base letter plus a mark. */
const foldedLetters: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
};
const asciiOnly = /^[\x00-\x7f]*$/;
const foldedLetterPattern = new RegExp(`[${Object.keys(foldedLetters).join('')}]`, 'g');

/** Lowercase without accents ("Café Æsir Straße" → "cafe aesir strasse"), for comparing words. */
export function normalize(text: string): string {
  // Most text is plain ASCII, where lowercasing is all there is to do.
  if (asciiOnly.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(foldedLetterPattern, (letter) => foldedLetters[letter] ?? letter);
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The normalized words of a text: runs of letters and digits; anything else (hyphens, apostrophes) separates. */
export function words(text: string): string[] {
  return normalize(text).match(wordPattern) ?? [];
}

/** Stems repeat a lot while indexing; a bounded memo per language keeps that cheap without growing for ever. */
const stemCaches = new Map<string, Map<string, string>>();
const STEM_CACHE_LIMIT = 200_000;

/** The Snowball stem of an already normalized word; a language without a stemmer leaves it as it is. */
export function snowballStem(language: string, word: string): string {
  const stemmer = stemmers[language];
  return stemmer ? stemmer(word) : word;
}

/**
 * The stem the index stores and queries use: the Snowball stem, and for Dutch a folding of the
 * spelling alternations the classic Snowball Dutch stemmer leaves apart (it stems
 * "adviezen" → "adviez" but "advies" → "advies", "brieven" → "briev" but "brief" → "brief"):
 *
 * 1. a final z becomes s (huiz → huis, adviez → advies), because Dutch writes a voiced z
 *    before an ending and s at the end of a word;
 * 2. a final v becomes f (briev → brief), the same alternation for f/v;
 * 3. then a final "ies" after "ie" loses its s (organisaties → organisatie): the stemmer does
 *    not remove a plural -s after "ie". This also makes advies → advie, which is harmless: what
 *    matters is that a word and its forms land on the same stem on both sides.
 */
export function stem(language: string, word: string): string {
  let cache = stemCaches.get(language);
  if (!cache) {
    cache = new Map();
    stemCaches.set(language, cache);
  }
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  let result = snowballStem(language, word);
  if (language === 'nl') result = foldDutch(result);
  if (cache.size >= STEM_CACHE_LIMIT) cache.clear();
  cache.set(word, result);
  return result;
}

function foldDutch(snowball: string): string {
  let folded = snowball;
  if (folded.length > 2 && folded.endsWith('z')) folded = `${folded.slice(0, -1)}s`;
  else if (folded.length > 2 && folded.endsWith('v')) folded = `${folded.slice(0, -1)}f`;
  if (folded.length > 4 && folded.endsWith('ies')) folded = folded.slice(0, -1);
  return folded;
}

/**
 * For an engine that stems Dutch with classic Snowball (PostgreSQL's `dutch` configuration):
 * every classic-Snowball lexeme that `stem` folds together with this one, this one first, so a
 * query can OR them ("adviez" → adviez, advie, advies; "organisatie" → organisatie,
 * organisaties, organisatiez). Lexemes no word produces are harmless in an OR.
 */
export function dutchSpellingVariants(snowballStem: string): string[] {
  const folded = foldDutch(snowballStem);
  const variants = new Set<string>([snowballStem, folded]);
  if (folded.length > 3 && folded.endsWith('ie')) {
    variants.add(`${folded}s`);
    variants.add(`${folded}z`);
  }
  if (folded.length > 2 && folded.endsWith('s') && !folded.endsWith('ies')) variants.add(`${folded.slice(0, -1)}z`);
  if (folded.length > 2 && folded.endsWith('f')) variants.add(`${folded.slice(0, -1)}v`);
  return [...variants].filter((variant) => foldDutch(variant) === folded);
}

export interface QueryWord {
  /** The word as typed, normalized. */
  text: string;
  /** Its stem in each language searched, without repeats. */
  stems: string[];
  /** The last word while it is being typed: it also matches words it begins. */
  prefix: boolean;
  /** Long enough (five letters or more) to match a close misspelling. */
  fuzzy: boolean;
}

/** A longer query is cut: more words only slow the engines down without finding better pages. */
export const MAX_QUERY_WORDS = 12;
const FUZZY_MIN_LENGTH = 5;

/** The words of a search term, stemmed in the languages of `locales` (all four when empty). */
/** At most this many words of a search may have a typo (the first ones long enough). */
export const MAX_FUZZY_WORDS = 3;

export function parseQuery(term: string, locales: string[]): QueryWord[] {
  const languages = locales.length === 0 ? [...stemmedLanguages] : [...new Set(locales.map(languageOf))];
  const raw = words(term);
  const stillTyping = term.length > 0 && !/\s$/u.test(term);
  const result: QueryWord[] = [];
  let fuzzyWords = 0;
  raw.forEach((text, index) => {
    if (result.length >= MAX_QUERY_WORDS) return;
    if (text.length < 2 && !/^\p{N}$/u.test(text)) return;
    // Looking for close words costs a vocabulary scan per word: a few per search are plenty.
    const fuzzy = text.length >= FUZZY_MIN_LENGTH && fuzzyWords < MAX_FUZZY_WORDS;
    if (fuzzy) fuzzyWords++;
    result.push({
      text,
      stems: [...new Set(languages.map((language) => stem(language, text)))],
      prefix: stillTyping && index === raw.length - 1,
      fuzzy,
    });
  });
  return result;
}

export function editDistance(a: string, b: string): number {
  return distance(a, b);
}

/** The typo rule: how many edits a word of this length may be off by (5–7 letters: 1, 8 or more: 2). */
export function allowedEdits(queryWord: string): number {
  const length = queryWord.length;
  if (length >= 8) return 2;
  if (length >= FUZZY_MIN_LENGTH) return 1;
  return 0;
}

/** Whether `candidate` may be what `queryWord` (both normalized) was meant to be. */
export function closeEnough(queryWord: string, candidate: string): boolean {
  const allowed = allowedEdits(queryWord);
  if (allowed === 0) return false;
  if (Math.abs(queryWord.length - candidate.length) > allowed) return false;
  return distance(queryWord, candidate) <= allowed;
}

interface TextWord {
  start: number;
  end: number;
  matched: boolean;
}

const MAX_SNIPPET_SCAN = 20_000;
const judgedByQuery = new WeakMap<QueryWord[], Map<string | null, Map<string, number>>>();
const singleWord = /^[\p{L}\p{N}]+$/u;
// Combining marks belong to the word they follow (text not yet in NFC).
const textWordPattern = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * Text around the best match of a text: a window of about `maxLength` characters, cut at word
 * boundaries ('…' where cut), around the first place where every word of the search is found
 * within one window (else the place with the most matched words); the matched words
 * highlighted. Without a match, the text's beginning. Plain text parts, never HTML.
 */
export function buildSnippet(text: string, language: string | null, query: QueryWord[], maxLength = 200): SnippetPart[] {
  // Past this a very long text is not searched for a better window: every hit of an answer gets
  // a snippet, and judging words costs time in proportion to the text.
  const scanned = text.length > MAX_SNIPPET_SCAN ? text.slice(0, MAX_SNIPPET_SCAN) : text;
  // Runs of white space (the line between two blocks) show as one space; they are only collapsed
  // in the parts shown, not in the whole text first.
  const flat = scanned.trim();
  if (flat === '') return [];
  const languages = language ? [language] : [...stemmedLanguages];
  // Which words of the search (a bit each; at most MAX_QUERY_WORDS) a stem stands for.
  const stemWords = new Map<string, number>();
  query.forEach((word, i) => {
    for (const s of word.stems) stemWords.set(s, (stemWords.get(s) ?? 0) | (1 << i));
  });
  const every = (1 << query.length) - 1;

  // Snowball rewrites the ends of words (and y to i), never their first letter: a word can only
  // share a stem with a query word, or begin with one, when it starts with the same letter. That
  // cheap test spares stemming most words of a text.
  const initials = new Set(query.flatMap((word) => [word.text, ...word.stems]).map(initial));
  const wordsMatched = (normalized: string): number => {
    let mask = 0;
    const early = initials.has(initial(normalized));
    if (early) for (const lang of languages) mask |= stemWords.get(stem(lang, normalized)) ?? 0;
    query.forEach((word, i) => {
      if (mask & (1 << i)) return;
      if (early && word.prefix && (normalized.startsWith(word.text) || word.stems.some((s) => normalized.startsWith(s)))) mask |= 1 << i;
      else if (word.fuzzy && closeEnough(word.text, normalized)) mask |= 1 << i;
    });
    return mask;
  };

  // Words repeat within a text and across the texts of one answer (the same parsed query): each
  // distinct word is judged once per query.
  let judgedByLanguage = judgedByQuery.get(query);
  if (!judgedByLanguage) {
    judgedByLanguage = new Map();
    judgedByQuery.set(query, judgedByLanguage);
  }
  let judged = judgedByLanguage.get(language);
  if (!judged) {
    judged = new Map();
    judgedByLanguage.set(language, judged);
  }
  const judge = (written: string): number => {
    let mask = judged.get(written);
    if (mask === undefined) {
      const normalized = normalize(written);
      // Normalizing can leave more than one word ("ǆ½" → "dz1⁄2"); any of them may match.
      const parts = singleWord.test(normalized) ? [normalized] : (normalized.match(wordPattern) ?? []);
      mask = 0;
      for (const part of parts) mask |= wordsMatched(part);
      judged.set(written, mask);
    }
    return mask;
  };
  const tokens: TextWord[] = [];
  // The matched words so far, to tell when one window holds every word of the search: then
  // the text is read only as far as a window past it, not to its end.
  const found: { start: number; mask: number }[] = [];
  let stopAfter = Infinity;
  for (const match of flat.matchAll(textWordPattern)) {
    const start = match.index;
    if (start > stopAfter) break;
    const end = start + match[0].length;
    const mask = query.length > 0 ? judge(match[0]) : 0;
    tokens.push({ start, end, matched: mask !== 0 });
    if (mask === 0 || stopAfter !== Infinity) continue;
    found.push({ start, mask });
    let covered = 0;
    for (let i = found.length - 1; i >= 0 && found[i]!.start >= end - maxLength; i--) covered |= found[i]!.mask;
    if (covered === every) stopAfter = end + maxLength;
  }

  const [from, to] = snippetWindow(flat, tokens, maxLength);
  const parts: SnippetPart[] = [];
  const push = (text: string, highlight: boolean) => {
    const piece = text.replace(/\s+/g, ' ');
    if (piece === '') return;
    const last = parts[parts.length - 1];
    if (last && last.highlight === highlight) last.text += piece;
    else parts.push({ text: piece, highlight });
  };
  if (from > 0) push('…', false);
  let cursor = from;
  for (const token of tokens) {
    if (token.start < from || token.end > to) continue;
    push(flat.slice(cursor, token.start), false);
    push(flat.slice(token.start, token.end), token.matched);
    cursor = token.end;
  }
  push(flat.slice(cursor, to), false);
  if (to < flat.length || scanned !== text) push('…', false);
  return parts;
}

function initial(word: string): string {
  const first = word.charAt(0);
  return first === 'y' ? 'i' : first;
}

/** The [from, to) range of the snippet, at word boundaries. */
function snippetWindow(flat: string, tokens: TextWord[], maxLength: number): [number, number] {
  if (flat.length <= maxLength) return [0, flat.length];
  const matched = tokens.filter((token) => token.matched);
  let windowStart = 0;
  if (matched.length > 0) {
    // The run of matched words that fits in one window with the most of them (first such run).
    let best = 0;
    let bestCount = 0;
    let bestEnd = 0;
    let j = 0;
    for (let i = 0; i < matched.length; i++) {
      if (j < i) j = i;
      while (j + 1 < matched.length && matched[j + 1]!.end - matched[i]!.start <= maxLength) j++;
      if (j - i + 1 > bestCount) {
        best = i;
        bestCount = j - i + 1;
        bestEnd = matched[j]!.end;
      }
    }
    const first = matched[best]!.start;
    const span = Math.min(bestEnd - first, maxLength);
    // Centre the run; the slack is shared out before and after it.
    windowStart = Math.max(0, Math.min(first - Math.floor((maxLength - span) / 2), flat.length - maxLength));
    if (windowStart > first) windowStart = first;
  }
  // Start at a word's beginning and end at a word's end, inside the window.
  let from = windowStart;
  if (from > 0) {
    const firstWhole = tokens.find((token) => token.start >= windowStart);
    from = firstWhole ? firstWhole.start : windowStart;
  }
  const limit = from + maxLength;
  let to = from;
  for (const token of tokens) {
    if (token.start < from) continue;
    if (token.end > limit) break;
    to = token.end;
  }
  // A single word longer than the window: cut it rather than show nothing.
  if (to === from) to = Math.min(flat.length, limit);
  // Keep trailing punctuation that closes the text ("… the end.").
  if (flat.length - to <= 3 && flat.length <= limit) to = flat.length;
  return [from, to];
}
