import { islandRoot } from '../islands/island-root';
import { newsletterConfirmTexts } from './newsletter-confirm-texts';

/** The confirmation page's state: the token of the mailed link ('' when the link had none). */
export interface NewsletterConfirmView {
  token: string;
}

/**
 * The page a newsletter's opt-in link opens (issue 16): opening it confirms nothing (mail
 * scanners open links); the visitor presses the button, and its island (client/islands/
 * newsletter-confirm.ts) sends forms/confirm-subscription with the visitor's form token, then
 * says what came of it in the status line.
 */
export function NewsletterConfirmPage({ view, locale }: { view: NewsletterConfirmView; locale: string }) {
  const texts = newsletterConfirmTexts(locale);
  return (
    <div className="page-column newsletter-confirm" {...islandRoot('newsletter-confirm', { locale })}>
      <h1>{texts.heading}</h1>
      {view.token === '' ? (
        <p className="newsletter-confirm__status" role="status">
          {texts.invalid}
        </p>
      ) : (
        <>
          <p>{texts.intro}</p>
          <form className="newsletter-confirm__form" method="post" action="#" noValidate>
            <input type="hidden" name="token" value={view.token} />
            <button type="submit" className="button">
              {texts.button}
            </button>
          </form>
          <noscript>
            <p>{texts.noScript}</p>
          </noscript>
          <p className="newsletter-confirm__status" role="status" tabIndex={-1} />
        </>
      )}
    </div>
  );
}
