import { useId } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { MAX_RELEASE_DESCRIPTION, MAX_RELEASE_NAME, updateReleaseSchema, type ReleaseView } from '@pagelog/contracts/releases/release';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { TextField } from '../../../components/form-field/text-field';
import { useApi } from '../../../core/api/api-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { releaseCommands } from '../api/release-queries';
import { RELEASES_ERRORS, type ReleaseCommandRunner } from '../state/use-release-command';
import { ReleaseErrorList } from './release-error-list';

/** A release's name and description, changed while it is still being put together. */
export function ReleaseDetailsForm({ release, command, onDone }: { release: ReleaseView; command: ReleaseCommandRunner; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();

  return (
    <section className="area release__details" aria-labelledby={headingId}>
      <h2 id={headingId} className="area__title">
        {t('releases.details.heading')}
      </h2>
      <Formik
        // Read again after a save (or someone else's): the form follows the release as it is now.
        enableReinitialize
        initialValues={{ name: release.name, description: release.description }}
        onSubmit={async (values) => {
          const checked = await validateWith(updateReleaseSchema, { ...values, revision: release.revision }, 'release');
          if (!checked.ok) {
            command.refuse('update', checked.errors);
            return;
          }
          const saved = await command.run('update', () => releaseCommands.update(api, release.releaseID, { name: checked.value.name, description: checked.value.description, revision: release.revision }));
          if (saved) onDone(t('releases.details.saved'));
        }}
      >
        <Form className="form" noValidate>
          <ReleaseErrorList failed={command.failed} of={['update']} />
          <TextField name="name" label={t('releases.details.name')} errorCollection={RELEASES_ERRORS} maxLength={MAX_RELEASE_NAME} autoComplete="off" required />
          <TextAreaField name="description" label={t('releases.details.description')} errorCollection={RELEASES_ERRORS} maxLength={MAX_RELEASE_DESCRIPTION} rows={3} />
          <div className="form__actions">
            <button type="submit" className="button button--orange" disabled={command.pending !== null}>
              {command.pending === 'update' ? t('releases.details.saving') : t('releases.details.save')}
            </button>
          </div>
        </Form>
      </Formik>
    </section>
  );
}
