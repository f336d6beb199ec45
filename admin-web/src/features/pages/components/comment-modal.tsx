import { useId, type ReactNode } from 'react';
import { Form, Formik } from 'formik';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { Modal } from '../../../components/modal/modal';

interface CommentModalProps {
  title: string;
  /** What the modal says above the field. */
  children?: ReactNode;
  label: string;
  hint?: string;
  /** The property errors about the text name (comment, feedback); the field's name too. */
  property: string;
  submitText: string;
  cancelText: string;
  busy: boolean;
  /** Resolves whether it worked: the modal then closes. */
  onSubmit: (text: string) => Promise<boolean>;
  onClose: () => void;
}

/** A modal with one text field and a submit button: Request publication and Resend request. */
export function CommentModal({ title, children, label, hint, property, submitText, cancelText, busy, onSubmit, onClose }: CommentModalProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      buttons={[
        { text: cancelText, theme: 'grey', onClick: onClose },
        { text: submitText, theme: 'orange', form: formId, disabled: busy },
      ]}
    >
      <Formik
        initialValues={{ [property]: '' }}
        onSubmit={async (values) => {
          if (await onSubmit(values[property] ?? '')) onClose();
        }}
      >
        <Form id={formId} className="form" noValidate>
          {children}
          <ErrorList collection="publication-requests" />
          <TextAreaField name={property} label={label} hint={hint} errorCollection="publication-requests" autoFocus />
        </Form>
      </Formik>
    </Modal>
  );
}
