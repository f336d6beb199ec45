import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { emptyContact } from '@pagelog/contracts/settings/site-settings';
import { link } from '../../testing/menu-links';
import { siteTexts } from '../language/site-texts';
import type { ChromeSite } from '../page-state';
import { mailtoHref, SiteFooter, telHref, type SiteFooterProps } from './site-footer';

const site: ChromeSite = {
  name: 'Helder Onderzoek',
  logo: null,
  contact: { streetAddress: 'Voorbeeldlaan 10', postalCode: '3511 AA', city: 'Utrecht', country: 'Nederland', phone: '030 123 45 67', email: 'info@helder.example', chamberOfCommerceNumber: '12345678' },
  social: [
    { network: 'linkedin', url: 'https://www.linkedin.com/company/helder' },
    { network: 'bluesky', url: 'https://bsky.app/profile/helder.example' },
  ],
};

function footer(props: Partial<SiteFooterProps> = {}): Document {
  const html = renderToStaticMarkup(
    <SiteFooter
      variant="default"
      site={site}
      footerMenu={[link('f1', 'Over ons', '/over-ons'), link('f2', 'Vacatures', '/vacatures')]}
      serviceMenu={[link('s1', 'Privacyverklaring', '/privacy'), link('s2', 'Cookies', '/cookies')]}
      texts={siteTexts('nl-nl')}
      year={2026}
      {...props}
    />,
  );
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html') as unknown as Document;
}

const linksIn = (element: Element | null) => [...(element?.querySelectorAll('a') ?? [])].map((a) => `${a.textContent} ${a.getAttribute('href')}`);

describe('the site footer', () => {
  it('gives the address, the phone number as a tel: link, the e-mail address as a mailto: link and the KvK number', () => {
    const doc = footer();
    const address = doc.querySelector('address')!;
    expect([...address.children].map((line) => line.textContent)).to.deep.equal([
      'Helder Onderzoek',
      'Voorbeeldlaan 10',
      '3511 AA Utrecht',
      'Nederland',
      'Telefoon: 030 123 45 67',
      'E-mail: info@helder.example',
    ]);
    expect(linksIn(address)).to.deep.equal(['030 123 45 67 tel:0301234567', 'info@helder.example mailto:info@helder.example']);
    expect(doc.querySelector('.site-footer__registration')!.textContent).to.equal('KvK-nummer: 12345678');
  });

  it('puts the footer menu and the service menu in navigation landmarks named in the page language', () => {
    const doc = footer();
    expect(linksIn(doc.querySelector('nav[aria-label="Voettekstmenu"]'))).to.deep.equal(['Over ons /over-ons', 'Vacatures /vacatures']);
    expect(linksIn(doc.querySelector('nav[aria-label="Servicemenu"]'))).to.deep.equal(['Privacyverklaring /privacy', 'Cookies /cookies']);
  });

  it('names each social link after its network, and only https links to a network it knows', () => {
    const doc = footer({ site: { ...site, social: [...site.social, { network: 'myspace' as never, url: 'https://myspace.com/x' }, { network: 'x', url: 'http://x.com/helder' }] } });
    expect(doc.querySelector('.site-footer__social h2')!.textContent).to.equal('Volg ons');
    expect(linksIn(doc.querySelector('.site-footer__social'))).to.deep.equal(['LinkedIn https://www.linkedin.com/company/helder', 'Bluesky https://bsky.app/profile/helder.example']);
  });

  it("ends with the year and the organisation's name, never the software's", () => {
    const doc = footer();
    expect(doc.querySelector('.site-footer__copyright')!.textContent).to.equal('© 2026 Helder Onderzoek');
    expect(doc.body.textContent).not.to.include('Pagelog');
  });

  it('shows only what the organisation gives', () => {
    const doc = footer({ site: { ...site, contact: emptyContact, social: [] }, footerMenu: [], serviceMenu: [] });
    expect(doc.querySelector('address, nav, .site-footer__social')).to.equal(null);
    expect(doc.querySelector('.site-footer__copyright')!.textContent).to.equal('© 2026 Helder Onderzoek');
    const phoneOnly = footer({ site: { ...site, contact: { ...emptyContact, phone: '+31 (0)30 123 45 67' } } });
    expect(linksIn(phoneOnly.querySelector('address'))).to.deep.equal(['+31 (0)30 123 45 67 tel:+31301234567']);
  });

  it('keeps only the copyright line and the service menu in the minimal footer, and nothing for none', () => {
    const minimal = footer({ variant: 'minimal' });
    expect(minimal.querySelector('address, .footer-menu, .site-footer__social')).to.equal(null);
    expect(linksIn(minimal.querySelector('nav'))).to.deep.equal(['Privacyverklaring /privacy', 'Cookies /cookies']);
    expect(footer({ variant: 'none' }).body.innerHTML).to.equal('');
  });
});

describe('telHref and mailtoHref', () => {
  it('dial a number as written, without the (0) of the international form', () => {
    expect(telHref('030 - 123 45 67')).to.equal('tel:0301234567');
    expect(telHref('+44 20 7946 0000')).to.equal('tel:+442079460000');
    expect(telHref('bel ons')).to.equal(null);
  });

  it('write only one address', () => {
    expect(mailtoHref(' info@helder.example ')).to.equal('mailto:info@helder.example');
    expect(mailtoHref('a@b.example?subject=x')).to.equal(null);
    expect(mailtoHref('a@b.example, c@d.example')).to.equal(null);
    expect(mailtoHref('niet-een-adres')).to.equal(null);
  });
});
