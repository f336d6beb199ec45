import { ErrorList } from '../../../components/error-list/error-list';
import type { ReleaseAction } from '../state/release-errors';
import { RELEASES_ERRORS } from '../state/use-release-command';

/** The refusal of the last release command, shown in the part of the screen whose actions it was one of. */
export function ReleaseErrorList({ failed, of }: { failed: ReleaseAction | null; of: readonly ReleaseAction[] }) {
  if (failed === null || !of.includes(failed)) return null;
  return <ErrorList collection={RELEASES_ERRORS} />;
}
