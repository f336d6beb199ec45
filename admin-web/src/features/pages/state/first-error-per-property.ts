import type { ErrorItem } from '@pagelog/contracts/envelope';

/**
 * One message per field: an empty slug is both required and malformed, and "required" is the one
 * that helps. Errors without a property all stay.
 */
export function firstErrorPerProperty(errors: readonly ErrorItem[]): ErrorItem[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    if (error.property === '') return true;
    if (seen.has(error.property)) return false;
    seen.add(error.property);
    return true;
  });
}
