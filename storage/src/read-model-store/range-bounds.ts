import type { FindOptions, IndexSpec } from './read-model-store';

export type BoundOperator = 'gt' | 'gte' | 'lt' | 'lte';

/** One bound of find's `range`, ready for an adapter to spell. */
export interface Bound {
  field: string;
  op: BoundOperator;
  value: number | string;
  type: 'number' | 'text';
}

/**
 * The bounds of a find's `range`, or null when no document can match (NaN, a bound of neither
 * type, or one field bounded by both a number and a text). An infinite number bound that leaves
 * every number in (lt Infinity, gt -Infinity) only keeps the type check; one that leaves none in
 * matches nothing. Every adapter goes through this, so they agree on the edge cases.
 */
export function boundsOf(range: FindOptions['range']): { bounds: Bound[]; typed: Map<string, 'number' | 'text'> } | null {
  const bounds: Bound[] = [];
  const typed = new Map<string, 'number' | 'text'>();
  for (const [field, limits] of Object.entries(range ?? {})) {
    for (const op of ['gt', 'gte', 'lt', 'lte'] as const) {
      const value = limits[op];
      if (value === undefined) continue;
      const type = typeof value === 'number' ? 'number' : typeof value === 'string' ? 'text' : null;
      if (type === null || (typeof value === 'number' && Number.isNaN(value))) return null;
      if (typed.has(field) && typed.get(field) !== type) return null;
      typed.set(field, type);
      if (typeof value === 'number' && !Number.isFinite(value)) {
        const keepsAll = (op === 'lt' || op === 'lte') === value > 0;
        if (!keepsAll) return null;
        continue;
      }
      bounds.push({ field, op, value, type });
    }
  }
  return { bounds, typed };
}

export const SQL_OPERATORS: Record<BoundOperator, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** The fields of an index declaration, in order. */
export function indexFields(spec: IndexSpec): string[] {
  return typeof spec === 'string' ? [spec] : [...spec];
}
