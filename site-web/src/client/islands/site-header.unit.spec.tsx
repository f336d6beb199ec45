import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { emptyContact } from '@pagelog/contracts/settings/site-settings';
import { SiteHeader } from '../../app/layout/site-header';
import { siteTexts } from '../../app/language/site-texts';
import { link } from '../../testing/menu-links';
import { mount } from './site-header';

/** The header as the server renders it, in the document, with its island started. */
function startedHeader(): HTMLElement {
  const menu = [
    link('about', 'Over ons', '/over-ons', [link('team', 'Team', '/over-ons/team')]),
    link('expertise', 'Expertise', '/expertise', [link('energy', 'Energie', '/expertise/energie'), link('care', 'Zorg', '/expertise/zorg')]),
    link('contact', 'Contact', '/contact'),
  ];
  document.body.innerHTML =
    renderToStaticMarkup(
      <SiteHeader variant="default" site={{ name: 'Helder', logo: null, contact: emptyContact, social: [] }} homeHref="/" menu={menu} currentPath="/" texts={siteTexts('nl-nl')} searchAction="/zoeken" />,
    ) + '<main><a href="/elders">Elders</a></main>';
  const header = document.querySelector<HTMLElement>('header')!;
  mount(header);
  return header;
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const expanded = (name: string) => button(name).getAttribute('aria-expanded');
const press = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('the header island', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens and closes the menu with the menu button, and closes the sub-menus with it', () => {
    startedHeader();
    button('Menu').click();
    expect(expanded('Menu')).to.equal('true');
    button('Submenu: Expertise').click();
    button('Menu').click();
    expect([expanded('Menu'), expanded('Submenu: Expertise')]).to.deep.equal(['false', 'false']);
  });

  it('opens one sub-menu at a time, and closes it again with its button', () => {
    startedHeader();
    button('Submenu: Over ons').click();
    button('Submenu: Expertise').click();
    expect([expanded('Submenu: Over ons'), expanded('Submenu: Expertise')]).to.deep.equal(['false', 'true']);
    button('Submenu: Expertise').click();
    expect(expanded('Submenu: Expertise')).to.equal('false');
  });

  it('closes the sub-menu the focus is in with Escape and puts the focus back on its button', () => {
    startedHeader();
    button('Submenu: Expertise').click();
    const energy = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Energie')!;
    energy.focus();
    press(energy, 'Escape');
    expect(expanded('Submenu: Expertise')).to.equal('false');
    expect(document.activeElement).to.equal(button('Submenu: Expertise'));
  });

  it('closes an open menu with Escape when the focus is in it, back on the menu button', () => {
    startedHeader();
    button('Menu').click();
    const contact = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Contact')!;
    contact.focus();
    press(contact, 'Escape');
    expect(expanded('Menu')).to.equal('false');
    expect(document.activeElement).to.equal(button('Menu'));
  });

  it('closes a sub-menu when the focus moves out of its item, or a click lands outside the header', () => {
    startedHeader();
    button('Submenu: Expertise').click();
    const contact = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Contact')!;
    button('Submenu: Expertise').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: contact }));
    expect(expanded('Submenu: Expertise')).to.equal('false');

    button('Submenu: Expertise').click();
    document.querySelector<HTMLElement>('main a')!.click();
    expect(expanded('Submenu: Expertise')).to.equal('false');
  });

  it('keeps a sub-menu open while the focus moves within it', () => {
    startedHeader();
    button('Submenu: Expertise').click();
    const energy = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Energie')!;
    button('Submenu: Expertise').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: energy }));
    energy.click();
    expect(expanded('Submenu: Expertise')).to.equal('true');
  });
});
