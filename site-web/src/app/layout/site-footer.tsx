import type { MenuLink } from '@pagelog/contracts/menus/menu';
import { socialNetworkLabels, type SiteContact, type SocialLink } from '@pagelog/contracts/settings/site-settings';
import { safeHref } from '../blocks/safe-href';
import type { SiteTexts } from '../language/site-texts';
import type { ChromeSite } from '../page-state';
import type { LayoutVariant } from './layout-variant';

export interface SiteFooterProps {
  variant: LayoutVariant;
  site: ChromeSite;
  /** The footer and service menus of the page's locale. */
  footerMenu: MenuLink[];
  serviceMenu: MenuLink[];
  texts: SiteTexts;
  /** The year the copyright line names. */
  year: number;
}

/** A phone number as a tel: address: digits and a leading +, as dialled ("+31 (0)30 123 45 67" → tel:+31301234567). */
export function telHref(phone: string): string | null {
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\(0\)/g, '').replace(/\D/g, '');
  return digits.length < 3 ? null : `tel:${international ? '+' : ''}${digits}`;
}

/** An e-mail address as a mailto: address; null for anything that is not one address. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  return /^[^\s@<>"(),;:?&/\\]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u.test(address) ? `mailto:${address}` : null;
}

/** The organisation's contact details as the site shows them (footer, contact page); null when the settings give none. */
export function contactLines(contact: SiteContact): { addressLines: string[]; phone: string; tel: string | null; email: string; mailto: string | null; kvk: string } | null {
  const locality = [contact.postalCode, contact.city].map((part) => part.trim()).filter(Boolean).join(' ');
  const addressLines = [contact.streetAddress.trim(), locality, contact.country.trim()].filter(Boolean);
  const phone = contact.phone.trim();
  const email = contact.email.trim();
  const kvk = contact.chamberOfCommerceNumber.trim();
  if (addressLines.length === 0 && phone === '' && email === '' && kvk === '') return null;
  return { addressLines, phone, tel: phone === '' ? null : telHref(phone), email, mailto: email === '' ? null : mailtoHref(email), kvk };
}

/** The links of a flat menu that a visitor can follow. */
function FlatMenu({ items, label, className }: { items: MenuLink[]; label: string; className: string }) {
  const links = items.flatMap((item) => {
    const href = safeHref(item.href);
    return href === null || item.label.trim() === '' ? [] : [{ id: item.id, label: item.label, href }];
  });
  if (links.length === 0) return null;
  return (
    <nav className={className} aria-label={label}>
      <ul className={`${className}__list`}>
        {links.map((link) => (
          <li key={link.id}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The organisation's address and the ways to reach it; nothing when it gives none. */
function ContactDetails({ name, contact, texts }: { name: string; contact: SiteContact; texts: SiteTexts }) {
  const lines = contactLines(contact);
  if (lines === null) return null;
  const { addressLines, phone, tel, email, mailto, kvk } = lines;
  return (
    <div className="site-footer__contact">
      <h2 className="site-footer__heading">{texts.contact}</h2>
      <address className="site-footer__address">
        <span className="site-footer__name">{name}</span>
        {addressLines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {phone !== '' && (
          <span>
            {`${texts.phone}: `}
            {tel !== null ? <a href={tel}>{phone}</a> : phone}
          </span>
        )}
        {email !== '' && (
          <span>
            {`${texts.email}: `}
            {mailto !== null ? <a href={mailto}>{email}</a> : email}
          </span>
        )}
      </address>
      {kvk !== '' && <p className="site-footer__registration">{`${texts.chamberOfCommerce}: ${kvk}`}</p>}
    </div>
  );
}

/** The social links, each named by its network ("LinkedIn"). */
function SocialLinks({ links, texts }: { links: SocialLink[]; texts: SiteTexts }) {
  const shown = links.flatMap((link) => {
    const href = safeHref(link.url);
    const name = Object.hasOwn(socialNetworkLabels, link.network) ? socialNetworkLabels[link.network] : null;
    return href === null || name === null || !href.startsWith('https://') ? [] : [{ href, name }];
  });
  if (shown.length === 0) return null;
  return (
    <div className="site-footer__social">
      <h2 className="site-footer__heading">{texts.followUs}</h2>
      <ul className="site-footer__social-list">
        {shown.map((link) => (
          <li key={link.href}>
            <a href={link.href} rel="me">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer a page type asks for (contracts: PageTypeDefinition.footer). The default one has the
 * organisation's contact details, the footer menu and the social links, then a line with the
 * copyright and the service menu (the legal links); the minimal one only that line; `none`
 * nothing.
 */
export function SiteFooter({ variant, site, footerMenu, serviceMenu, texts, year }: SiteFooterProps) {
  if (variant === 'none') return null;
  const legal = (
    <div className="site-footer__legal">
      <p className="site-footer__copyright">{`© ${year} ${site.name}`}</p>
      <FlatMenu items={serviceMenu} label={texts.serviceMenu} className="service-menu" />
    </div>
  );
  if (variant === 'minimal') {
    return (
      <footer className="site-footer site-footer--minimal">
        <div className="site-footer__inner">{legal}</div>
      </footer>
    );
  }
  return (
    <footer className="site-footer site-footer--default">
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          <ContactDetails name={site.name} contact={site.contact} texts={texts} />
          <FlatMenu items={footerMenu} label={texts.footerMenu} className="footer-menu" />
          <SocialLinks links={site.social} texts={texts} />
        </div>
        {legal}
      </div>
    </footer>
  );
}
