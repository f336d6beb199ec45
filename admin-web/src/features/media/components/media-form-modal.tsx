import { useId, type ReactNode } from 'react';
import { Form, Formik, type FormikProps, type FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema, InferType } from 'yup';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal, type ModalSize } from '../../../components/modal/modal';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useFreshMediaErrors } from './use-fresh-media-errors';

/** How a dialog's submit checks a body against a contract schema: the checked value, or null once the errors are shown. */
export type CheckBody = <S extends AnyObjectSchema>(schema: S, body: unknown) => Promise<InferType<S> | null>;

interface MediaFormModalProps<V extends FormikValues> {
  title: string;
  submitText: string;
  size?: ModalSize;
  initialValues: V;
  /**
   * Sends the values: `check` validates a body the way the server will (showing the media
   * errors when it fails), `fail` shows errors found otherwise. The media errors of the last
   * attempt are cleared first.
   */
  onSubmit: (values: V, tools: { check: CheckBody; fail: (items: ErrorItem[]) => void }) => Promise<void>;
  onClose: () => void;
  /** The form's fields (the media error list comes first on its own). */
  children: (form: FormikProps<V>) => ReactNode;
}

/**
 * The shell every media dialog with a form shares: a modal with Cancel and a submit button that
 * submits the form (Enter in a field does the same), the media errors listed above the fields,
 * none of them left from before the dialog opened.
 */
export function MediaFormModal<V extends FormikValues>({ title, submitText, size, initialValues, onSubmit, onClose, children }: MediaFormModalProps<V>) {
  const { t } = useTranslation();
  const errors = useErrorStore();
  const formId = useId();
  useFreshMediaErrors();
  const fail = (items: ErrorItem[]) => errors.set('media', items);
  const check: CheckBody = async (schema, body) => {
    const checked = await validateWith(schema, body, 'media');
    if (checked.ok) return checked.value;
    fail(checked.errors);
    return null;
  };
  return (
    <Formik
      initialValues={initialValues}
      onSubmit={async (values) => {
        errors.clear('media');
        await onSubmit(values, { check, fail });
      }}
    >
      {(form) => (
        <Modal
          title={title}
          size={size}
          onClose={onClose}
          buttons={[
            { text: t('media.dialog.cancel'), theme: 'grey', onClick: onClose },
            { text: submitText, theme: 'orange', form: formId, disabled: form.isSubmitting },
          ]}
        >
          <Form id={formId} className="form" noValidate>
            <ErrorList collection="media" />
            {children(form)}
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
