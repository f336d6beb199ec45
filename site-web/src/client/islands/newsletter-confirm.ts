import { formCsrfToken } from '../../app/forms/csrf-token';
import { newsletterConfirmTexts } from '../../app/newsletter/newsletter-confirm-texts';

/** POST forms/confirm-subscription, written out: the endpoint table would bring the whole API's schemas into the bundle. */
export const CONFIRM_SUBSCRIPTION_PATH = '/api/cms/forms/confirm-subscription';

interface Envelope {
  Errors?: { code?: string }[];
}

/**
 * The newsletter confirmation page's button (app/newsletter/newsletter-confirm-page.tsx): sends
 * the link's token with the visitor's CSRF token (renewed once after a 403), then puts what came
 * of it in the status line and focuses it: confirmed (also for a second click), expired (V_05),
 * not valid (V_04 and other refusals), or could not be done (try again).
 */
export function mount(root: HTMLElement, props: Readonly<Record<string, unknown>>): void {
  const texts = newsletterConfirmTexts(typeof props.locale === 'string' ? props.locale : 'nl-nl');
  const form = root.querySelector<HTMLFormElement>('form');
  const status = root.querySelector<HTMLElement>('.newsletter-confirm__status');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null;
  const token = form?.querySelector<HTMLInputElement>('input[name="token"]')?.value ?? '';
  if (!form || !status) return;

  const say = (message: string) => {
    status.textContent = message;
    status.focus();
  };

  async function send(renew = false): Promise<Response> {
    const csrf = await formCsrfToken({ renew });
    return fetch(CONFIRM_SUBSCRIPTION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ token }),
    });
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    status.textContent = texts.busy;
    void (async () => {
      try {
        let response = await send();
        if (response.status === 403) response = await send(true);
        if (response.ok) {
          form.hidden = true;
          say(texts.confirmed);
          return;
        }
        const envelope = (await response.json().catch(() => ({}))) as Envelope;
        const codes = (envelope.Errors ?? []).map((e) => e.code);
        if (response.status >= 400 && response.status < 500 && response.status !== 403 && response.status !== 429) {
          form.hidden = true;
          say(codes.includes('V_05') ? texts.expired : texts.invalid);
          return;
        }
        say(texts.failed);
      } catch {
        say(texts.failed);
      }
      if (button) button.disabled = false;
    })();
  });
}
