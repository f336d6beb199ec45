import { fieldMessage, summaryMessage, textIn, throttledMessage as tooMany, type FormField } from '@pagelog/contracts/forms/form-fields';
import { checkValues, normalizeValues, type FieldError } from '@pagelog/contracts/forms/form-schema';
import { fieldsOf, forms, HONEYPOT_FIELD, isFormId, STARTED_FIELD } from '@pagelog/contracts/forms/forms';
import { formCsrfToken } from '../../app/forms/csrf-token';
import { DOWNLOAD_READY } from '@pagelog/contracts/forms/gated-download';

/** POST forms/submit, written out: the endpoint table would bring the whole API's schemas into the bundle. */
export const FORM_SUBMIT_PATH = '/api/cms/forms/submit';

const sendFailed = (locale: string) =>
  locale.toLowerCase().startsWith('nl')
    ? 'Het versturen is niet gelukt. Probeer het over een paar minuten opnieuw.'
    : 'The form could not be sent. Please try again in a few minutes.';

/** The download link of an accepted download form's answer (an address of this site's API), if any. */
function downloadOf(envelope: unknown): { url: string; fileName: string } | null {
  const data = (envelope as { data?: { download?: { url?: unknown; fileName?: unknown } } } | null)?.data?.download;
  if (typeof data?.url !== 'string' || typeof data.fileName !== 'string' || !data.url.startsWith('/api/cms/medialib/get-page-file/')) return null;
  return { url: data.url, fileName: data.fileName };
}

/** The paragraph with the link, as the server writes it for a form sent without JavaScript (form-embed-block.tsx). */
function downloadReady(download: { url: string; fileName: string }, locale: string): HTMLElement {
  const paragraph = document.createElement('p');
  paragraph.className = 'block-form__download';
  const link = document.createElement('a');
  link.className = 'button button--primary block-form__download-link';
  link.href = download.url;
  link.download = download.fileName;
  link.textContent = download.fileName;
  paragraph.append(`${textIn(DOWNLOAD_READY, locale)} `, link);
  return paragraph;
}

interface Envelope {
  Errors?: { code?: string; property?: string }[];
}

/**
 * The form block's island (app/blocks/form-embed-block.tsx): checks the visitor's values with the
 * server's own schema before sending, writes each refusal under its field in the page's
 * language, links it to the field (aria-describedby, aria-invalid), says how many fields need
 * attention and moves focus to the first; sends the form with the visitor's CSRF token, and on
 * success puts the thank-you text in the form's place and focuses it. The server's refusals
 * (it checks again) are shown the same way. `onAccepted` hears of a good submission (the
 * newsletter popup remembers it).
 */
export function mount(root: HTMLElement, props: Readonly<Record<string, unknown>>, options: { onAccepted?: () => void } = {}): void {
  const formId = props.form;
  const locale = typeof props.locale === 'string' ? props.locale : 'nl-nl';
  const pageId = typeof props.pageId === 'string' ? props.pageId : null;
  const element = root.querySelector<HTMLFormElement>('form');
  if (!isFormId(formId) || element === null) return;
  const form = forms[formId];
  const fields = fieldsOf(form);
  const summary = root.querySelector<HTMLElement>('.block-form__summary');
  const thanks = root.querySelector<HTMLElement>('.block-form__thanks');
  const submit = element.querySelector<HTMLButtonElement>('button[type="submit"]');
  const started = element.querySelector<HTMLInputElement>(`input[name="${STARTED_FIELD}"]`);
  if (started) started.value = String(Date.now());

  const fieldRoot = (name: string) => element.querySelector<HTMLElement>(`[data-field="${name}"]`);
  const controlsOf = (name: string) => [...element.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${name}"]`)];

  /** The values as the visitor filled them in, read from the controls (what a posted form would carry). */
  function values(): Record<string, unknown> {
    const raw: Record<string, unknown> = {};
    for (const field of fields) {
      const controls = controlsOf(field.name);
      const checked = (control: (typeof controls)[number]) => control instanceof HTMLInputElement && control.checked;
      if (field.kind === 'checkbox') raw[field.name] = controls.some(checked);
      else if (field.kind === 'choices') raw[field.name] = controls.filter(checked).map((control) => control.value);
      else raw[field.name] = controls[0]?.value ?? '';
    }
    return raw;
  }

  function clear(): void {
    for (const field of fields) show(field, null);
    if (summary) {
      summary.hidden = true;
      summary.textContent = '';
    }
  }

  /** Writes (or clears) a field's refusal and links it to the field's control. */
  function show(field: FormField, code: string | null): void {
    const slot = fieldRoot(field.name)?.querySelector<HTMLElement>('.block-form__error');
    if (!slot) return;
    slot.textContent = code === null ? '' : fieldMessage(code, field, locale);
    slot.hidden = code === null;
    const targets: HTMLElement[] = field.kind === 'choices' ? [fieldRoot(field.name)!] : controlsOf(field.name);
    for (const target of targets) {
      const described = (target.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id !== '' && id !== slot.id);
      if (code !== null) described.push(slot.id);
      if (described.length > 0) target.setAttribute('aria-describedby', described.join(' '));
      else target.removeAttribute('aria-describedby');
      if (code === null) target.removeAttribute('aria-invalid');
      else target.setAttribute('aria-invalid', 'true');
    }
  }

  function refuse(errors: readonly FieldError[]): void {
    clear();
    const shown = errors.filter((error) => fields.some((field) => field.name === error.field));
    for (const error of shown) show(fields.find((field) => field.name === error.field)!, error.code);
    if (summary) {
      summary.textContent = summaryMessage(shown.length, locale);
      summary.hidden = false;
    }
    const first = shown[0];
    const focusable = first ? (controlsOf(first.field)[0] ?? null) : summary;
    focusable?.focus();
  }

  function trouble(message: string): void {
    clear();
    if (!summary) return;
    summary.textContent = message;
    summary.hidden = false;
    summary.focus();
  }

  async function send(body: unknown, renew = false): Promise<Response> {
    const token = await formCsrfToken({ renew });
    return fetch(FORM_SUBMIT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify(body),
    });
  }

  element.addEventListener('submit', (event) => {
    event.preventDefault();
    const raw = values();
    const checked = checkValues(form, normalizeValues(form, raw));
    if (checked.values === null) {
      refuse(checked.errors);
      return;
    }
    const honeypot = element.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
    const body = { form: form.id, locale, pageId, values: raw, website: honeypot, startedAt: Number(started?.value) || undefined };
    if (submit) submit.disabled = true;
    void (async () => {
      try {
        let response = await send(body);
        // An old token (the page stayed open for hours): once more with a fresh one.
        if (response.status === 403) response = await send(body, true);
        if (response.ok) {
          element.hidden = true;
          if (thanks) {
            thanks.textContent = (typeof props.thankYou === 'string' && props.thankYou.trim() !== '' ? props.thankYou : '') || textIn(form.thankYou, locale);
            const download = downloadOf(await response.json().catch(() => null));
            if (download) thanks.append(downloadReady(download, locale));
            thanks.hidden = false;
            thanks.focus();
          }
          options.onAccepted?.();
          return;
        }
        const envelope = (await response.json().catch(() => ({}))) as Envelope;
        if (response.status === 400) {
          const errors = (envelope.Errors ?? [])
            .filter((error) => typeof error.property === 'string' && error.property.startsWith('values.'))
            .map((error) => ({ field: error.property!.slice('values.'.length), code: error.code ?? 'V_12' }));
          if (errors.length > 0) {
            refuse(errors);
            return;
          }
        }
        trouble(response.status === 429 ? tooMany(locale) : sendFailed(locale));
      } catch {
        trouble(sendFailed(locale));
      } finally {
        if (submit) submit.disabled = false;
      }
    })();
  });
}
