import { mount as mountForm } from './form';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's controls a visitor can reach, in order, leaving out what is hidden. */
function reachable(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && !el.closest('[aria-hidden="true"]'));
}

/**
 * Opens the newsletter popup (app/newsletter/newsletter-popup.tsx) as a modal dialog: the page
 * behind it is inert, focus goes to the e-mail field and Tab and Shift+Tab stay within the
 * dialog; Escape, the close button and "no, thank you" close it (declined, unless the visitor
 * subscribed), and focus goes back where it was. The form inside is the form island's, so it
 * validates, sends and thanks like every form of the site; a good submission is remembered as
 * accepted.
 */
export function openPopup(root: HTMLElement, remember: (outcome: 'accepted' | 'declined') => void): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog');
  const formRoot = dialog?.querySelector<HTMLElement>('[data-form-props]');
  if (!dialog || !formRoot || dialog.open || typeof dialog.showModal !== 'function') return;
  let accepted = false;
  const decline = dialog.querySelector<HTMLButtonElement>('[data-popup-decline]');

  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(formRoot.dataset.formProps ?? '{}') as Record<string, unknown>;
  } catch {
    props = {};
  }
  mountForm(formRoot, props, {
    onAccepted: () => {
      accepted = true;
      remember('accepted');
      if (decline) decline.hidden = true;
    },
  });

  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const close = () => dialog.close();
  for (const button of dialog.querySelectorAll<HTMLButtonElement>('[data-popup-close], [data-popup-decline]')) button.addEventListener('click', close);

  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const controls = reachable(dialog);
    if (controls.length === 0) return;
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  dialog.addEventListener(
    'close',
    () => {
      if (!accepted) remember('declined');
      root.classList.remove('newsletter-popup--open');
      if (opener && opener.isConnected) opener.focus();
    },
    { once: true },
  );

  root.classList.add('newsletter-popup--open');
  dialog.showModal();
  const email = dialog.querySelector<HTMLInputElement>('input[type="email"]');
  (email ?? reachable(dialog)[0])?.focus();
}
