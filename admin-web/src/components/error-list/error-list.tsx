import { messageFor } from '@pagelog/contracts/error-catalogue';
import { useErrorCollection } from '../../core/errors/error-store-context';
import type { ErrorCollectionName } from '../../core/errors/error-store';

/**
 * The messages of one error collection as a list (spec section 8: "errors display as a list of
 * messages"), announced to screen readers when they appear. Renders nothing while it is empty.
 */
export function ErrorList({ collection }: { collection: ErrorCollectionName }) {
  const errors = useErrorCollection(collection);
  if (errors.length === 0) return null;
  return (
    <ul className="error-list" role="alert" data-collection={collection}>
      {errors.map((error, index) => (
        <li key={`${index}-${error.code}-${error.property}`}>{error.message || messageFor(error.code, error.property)}</li>
      ))}
    </ul>
  );
}
