import { useId } from 'react';
import type { SiteTexts } from '../language/site-texts';
import { contactLines } from '../layout/site-footer';
import type { ChromeSite } from '../page-state';
import { pageTypeTexts } from './page-type-texts';

/**
 * A contact page's details (contracts' page type `contact`): the organisation's address and the
 * ways to reach it, from the site settings as the footer shows them (one place to keep them), as
 * an address with linked phone number and e-mail address. Nothing when the settings give none.
 */
export function ContactPageDetails({ site, locale, texts }: { site: ChromeSite; locale: string; texts: SiteTexts }) {
  const headingId = useId();
  const lines = contactLines(site.contact);
  if (lines === null) return null;
  const { addressLines, phone, tel, email, mailto, kvk } = lines;
  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="contact-card__heading">
        {pageTypeTexts(locale).contactDetails}
      </h2>
      <address className="contact-card__address">
        <p className="contact-card__name">{site.name}</p>
        {addressLines.length > 0 && (
          <p className="contact-card__lines">
            {addressLines.map((line, index) => (
              <span key={index} className="contact-card__line">
                {line}
              </span>
            ))}
          </p>
        )}
        {(phone !== '' || email !== '' || kvk !== '') && (
          <dl className="page-facts">
            {phone !== '' && (
              <div className="page-facts__item">
                <dt>{texts.phone}</dt>
                <dd>{tel !== null ? <a href={tel}>{phone}</a> : phone}</dd>
              </div>
            )}
            {email !== '' && (
              <div className="page-facts__item">
                <dt>{texts.email}</dt>
                <dd>{mailto !== null ? <a href={mailto}>{email}</a> : email}</dd>
              </div>
            )}
            {kvk !== '' && (
              <div className="page-facts__item">
                <dt>{texts.chamberOfCommerce}</dt>
                <dd>{kvk}</dd>
              </div>
            )}
          </dl>
        )}
      </address>
    </section>
  );
}
