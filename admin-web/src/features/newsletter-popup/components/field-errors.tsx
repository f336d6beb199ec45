import type { ErrorItem } from '@pagelog/contracts/envelope';

/** The refusals of one field below it; the field names this element's id in its aria-describedby. Renders nothing without any. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly ErrorItem[] }) {
  if (errors.length === 0) return null;
  return (
    <p id={id} className="field__error">
      {errors.map((error) => error.message).join(' ')}
    </p>
  );
}

/** The ids an input is described by, leaving out those whose element is not rendered. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}
