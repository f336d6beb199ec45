import { useId, useState, type ReactNode } from 'react';
import { ErrorList } from '../../../components/error-list/error-list';
import { sameProperty } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useErrorCollection } from '../../../core/errors/error-store-context';

interface CommentModalProps {
  title: string;
  /** What the modal says above the field. */
  children?: ReactNode;
  label: string;
  hint?: string;
  /** The property errors about the text name (comment, feedback). */
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
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const errors = useErrorCollection('publication-requests');
  const invalid = errors.some((error) => sameProperty(error.property, property));
  return (
    <Modal
      title={title}
      onClose={onClose}
      buttons={[
        { text: cancelText, theme: 'grey', onClick: onClose },
        { text: submitText, theme: 'orange', form: formId, disabled: busy },
      ]}
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(text).then((done) => {
            if (done) onClose();
          });
        }}
      >
        {children}
        <ErrorList collection="publication-requests" />
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            {label}
          </label>
          <textarea
            id={fieldId}
            className="field__input"
            rows={4}
            value={text}
            autoFocus
            aria-invalid={invalid || undefined}
            aria-describedby={hint ? hintId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {hint && (
            <p id={hintId} className="form__hint">
              {hint}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
