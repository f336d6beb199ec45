import { textIn } from '@pagelog/contracts/forms/form-fields';
import { forms } from '@pagelog/contracts/forms/forms';
import { POPUP_CLOSE, POPUP_NOT_NOW, type PublicNewsletterPopup } from '@pagelog/contracts/newsletter-popup/popup-settings';
import { formIds, PublicForm } from '../blocks/form-embed-block';
import { islandRoot } from '../islands/island-root';

/** The popup's ids on the page (its form's come from formIds with this base). */
export const POPUP_ID_BASE = 'newsletter-popup';

/** What the popup's loader (client/islands/newsletter-popup.ts) needs: when to open it and how long it then stays away. */
export interface NewsletterPopupIslandProps {
  locale: string;
  delaySeconds: number;
  hiddenAfterAcceptSeconds: number;
  hiddenAfterDeclineSeconds: number;
}

/** What the page shows of the popup: its settings in the page's locale, and the page it is on. */
export interface NewsletterPopupView {
  popup: PublicNewsletterPopup;
  pageId: string;
}

/**
 * The newsletter popup (issue 16): a closed `<dialog>` at the end of the page, which takes no room
 * and shows nothing until the browser opens it, so the page is the same for every visitor and
 * stays cacheable. Its loader island decides, in the browser alone (localStorage, no cookie),
 * whether and when to open it; the dialog is labelled by its title and described by its intro,
 * has a close button and a "no, thank you" button, and holds the newsletter popup form. Without
 * JavaScript it never opens.
 */
export function NewsletterPopup({ view }: { view: NewsletterPopupView }) {
  const { popup, pageId } = view;
  const { locale } = popup;
  const ids = formIds(POPUP_ID_BASE);
  const props: NewsletterPopupIslandProps = {
    locale,
    delaySeconds: popup.delaySeconds,
    hiddenAfterAcceptSeconds: popup.hiddenAfterAcceptSeconds,
    hiddenAfterDeclineSeconds: popup.hiddenAfterDeclineSeconds,
  };
  return (
    <div className="newsletter-popup" {...islandRoot('newsletter-popup', { ...props })}>
      <dialog className="newsletter-popup__dialog" aria-labelledby={ids.title} aria-describedby={`${ids.base}-intro`}>
        <button type="button" className="newsletter-popup__close" data-popup-close="" aria-label={textIn(POPUP_CLOSE, locale)}>
          <span aria-hidden="true">×</span>
        </button>
        <PublicForm
          form={forms.newsletterPopup}
          idBase={POPUP_ID_BASE}
          locale={locale}
          pageId={pageId}
          headingLevel={2}
          title={popup.title}
          intro={popup.intro}
          thankYou={popup.thankYou}
          settingsThankYou={popup.thankYou}
          submitLabel={popup.buttonText}
          post={null}
          island={false}
          className="newsletter-popup__form block-form"
        />
        <button type="button" className="button newsletter-popup__decline" data-popup-decline="">
          {textIn(POPUP_NOT_NOW, locale)}
        </button>
      </dialog>
    </div>
  );
}
