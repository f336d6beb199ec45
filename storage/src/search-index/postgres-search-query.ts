import { languageOf } from '@pagelog/contracts/search/search';
import { dutchSpellingVariants, type QueryWord } from './analysis';

/**
 * The PostgreSQL adapter's text-search configurations and the tsqueries it makes of a search's
 * words: quoted lexemes only, so nothing a visitor types becomes query syntax.
 */

/** The built-in configuration (and Snowball stemmer) per language; any other language is not stemmed. */
const configByLanguage: Record<string, Config> = { nl: 'dutch', en: 'english', de: 'german', fr: 'french' };
export const stemmedConfigs = ['dutch', 'english', 'german', 'french'] as const;
export const configs = [...stemmedConfigs, 'simple'] as const;
export type Config = (typeof configs)[number];

export function configOf(locale: string): Config {
  return configByLanguage[languageOf(locale)] ?? 'simple';
}

/** Lexeme groups per configuration: each group is one word's lexemes (nearly always one). */
export type Expansion = Map<Config, string[][]>;

/** The key of a word's lexemes in a configuration, in the stems memo and maps. */
export function stemKey(config: string, word: string): string {
  return `${config}\u0000${word}`;
}

export function addExpansion(target: Map<string, Expansion>, word: string, config: Config, lexemes: string[]): void {
  let perConfig = target.get(word);
  if (!perConfig) {
    perConfig = new Map();
    target.set(word, perConfig);
  }
  perConfig.set(config, [...(perConfig.get(config) ?? []), lexemes]);
}

export function mergeExpansions(a: Map<string, Expansion>, b: Map<string, Expansion>): Map<string, Expansion> {
  const merged = new Map<string, Expansion>();
  for (const source of [a, b]) {
    for (const [word, perConfig] of source) {
      for (const [config, groups] of perConfig) for (const lexemes of groups) addExpansion(merged, word, config, lexemes);
    }
  }
  return merged;
}

/** A lexeme as a tsquery operand: quoted, so nothing a visitor types becomes query syntax. */
export function lexemeLiteral(lexeme: string, prefix = false): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
}

function lexemeGroup(lexemes: string[]): string {
  return lexemes.length === 1 ? lexemeLiteral(lexemes[0]!) : `(${lexemes.map((lexeme) => lexemeLiteral(lexeme)).join(' & ')})`;
}

/**
 * One tsquery per configuration: the words ANDed, each an OR of what the configuration makes of
 * it (with the Dutch spelling variants), of itself as a prefix when it is the word being typed,
 * and of its expansions (words it begins, close words).
 */
export function buildTsqueries(queryWords: QueryWord[], stems: Map<string, string[]>, expansions: Map<string, Expansion>): Map<Config, string> {
  const result = new Map<Config, string>();
  for (const config of configs) {
    const parts: string[] = [];
    for (const word of queryWords) {
      const alternatives = new Set<string>();
      const lexemes = stems.get(stemKey(config, word.text)) ?? [];
      if (lexemes.length > 0) alternatives.add(lexemeGroup(lexemes));
      if (config === 'dutch' && lexemes.length === 1) {
        for (const variant of dutchSpellingVariants(lexemes[0]!)) alternatives.add(lexemeLiteral(variant));
      }
      if (word.prefix) alternatives.add(lexemeLiteral(word.text, true));
      for (const group of expansions.get(word.text)?.get(config) ?? []) alternatives.add(lexemeGroup(group));
      // A word with nothing to look for in this configuration leaves it unable to match.
      if (alternatives.size === 0) {
        parts.length = 0;
        break;
      }
      parts.push(`(${[...alternatives].join(' | ')})`);
    }
    if (parts.length > 0) result.set(config, parts.join(' & '));
  }
  return result;
}

/** Each document is matched with the query of its own configuration. */
export function matchClause(column: 'doc' | 'title_slug', tsqueries: Map<Config, string>): string {
  if (tsqueries.size === 0) return 'FALSE';
  return `(${[...tsqueries].map(([config, tsq]) => `(d.config = '${config}' AND d.${column} @@ ${tsq})`).join(' OR ')})`;
}
