import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ModalSize = 'small' | 'medium' | 'large';
export type ButtonTheme = 'orange' | 'grey';

/**
 * A footer button. With `form` (the id of a form in the body) it submits that form instead of
 * calling onClick, so Enter in a field and the button do the same.
 */
export interface ModalButton {
  text: string;
  theme: ButtonTheme;
  disabled?: boolean;
  onClick?: () => void;
  form?: string;
}

export interface ModalConfirmButton {
  /** Defaults to the translated "Confirm". */
  text?: string;
  disabled?: boolean;
  onClick?: () => void;
  form?: string;
}

interface ModalBaseProps {
  /** Close button, Escape and a click on the backdrop call this. */
  onClose: () => void;
  title?: string;
  size?: ModalSize;
  children?: ReactNode;
}

/** Per spec: either one confirm button or a list of buttons, never both. */
export type ModalProps = ModalBaseProps &
  (
    | { confirmButton: ModalConfirmButton; buttons?: never }
    | { buttons: readonly ModalButton[]; confirmButton?: never }
  );

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog, rendered in place (no portal): its fixed-position backdrop covers the page, and
 * everything beside it is made inert while it is open. The parent decides whether it is open by
 * rendering it or not.
 */
export function Modal(props: ModalProps) {
  const { onClose, title, size = 'medium', children } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Focus moves into the dialog on open and returns where it was on close.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything outside the dialog is out of reach while it is open, for the keyboard and for
    // assistive technology alike (aria-modal alone is not honoured everywhere).
    const showOthers = dialogRef.current ? hideOthers(dialogRef.current) : () => {};
    // A field with autoFocus already took focus inside the dialog; otherwise the dialog takes it.
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      showOthers();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  // Keeps Tab and Shift+Tab cycling inside the dialog while it is open.
  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const current = document.activeElement;
    if (event.shiftKey && (current === first || current === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const buttons: readonly ModalButton[] = props.buttons ?? [
    {
      text: props.confirmButton.text ?? t('modal.confirm'),
      theme: 'orange',
      disabled: props.confirmButton.disabled,
      onClick: props.confirmButton.onClick,
      form: props.confirmButton.form,
    },
  ];

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        // Untitled dialogs are named by their content so they are never nameless.
        aria-labelledby={title !== undefined ? titleId : bodyId}
        aria-describedby={title !== undefined ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        <div className="modal__header">
          {title !== undefined && (
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
          )}
          <button type="button" className="modal__close" aria-label={t('modal.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div id={bodyId} className="modal__body">
          {children}
        </div>
        <div className="modal__footer">
          {buttons.map((button, index) => (
            <button
              key={`${index}-${button.text}`}
              type={button.form === undefined ? 'button' : 'submit'}
              form={button.form}
              className={`button button--${button.theme}`}
              disabled={button.disabled}
              onClick={button.onClick}
            >
              {button.text}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * Makes every element beside the path from the dialog up to <body> inert and hidden from
 * assistive technology; the function it returns puts back what was there before.
 */
function hideOthers(dialog: Element): () => void {
  const changed: { element: HTMLElement; ariaHidden: string | null; inert: boolean }[] = [];
  for (let node: Element = dialog; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.tagName === 'SCRIPT') continue;
      changed.push({ element: sibling, ariaHidden: sibling.getAttribute('aria-hidden'), inert: sibling.inert });
      sibling.setAttribute('aria-hidden', 'true');
      sibling.inert = true;
    }
  }
  return () => {
    for (const { element, ariaHidden, inert } of changed.reverse()) {
      if (ariaHidden === null) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', ariaHidden);
      element.inert = inert;
    }
  };
}
