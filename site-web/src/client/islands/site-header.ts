import { MENU_TOGGLE_ATTRIBUTE, SUBMENU_TOGGLE_ATTRIBUTE } from '../../app/islands/header-controls';

/**
 * The header's island: the menu button that shows and hides the menu on a narrow screen, and
 * the main menu's sub-menu buttons (the disclosure navigation pattern of the WAI-ARIA Authoring
 * Practices). The server renders both buttons with aria-expanded="false" and the CSS hides what
 * they control while it is false; without JavaScript the CSS hides the buttons instead and shows
 * everything. Both are native buttons, so Enter and Space work as a click does; Escape closes
 * the sub-menu (or the menu) the focus is in and puts the focus back on its button.
 */

function isExpanded(button: HTMLElement): boolean {
  return button.getAttribute('aria-expanded') === 'true';
}

function setExpanded(button: HTMLElement, expanded: boolean): void {
  button.setAttribute('aria-expanded', String(expanded));
}

/** The menu button is shown only on a narrow screen; on a wide one the menu is always there. */
function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

export function mount(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>(`[${MENU_TOGGLE_ATTRIBUTE}]`);
  const submenuButtons = [...root.querySelectorAll<HTMLButtonElement>(`[${SUBMENU_TOGGLE_ATTRIBUTE}]`)];
  /** The menu item a sub-menu button belongs to: its link, the button and the sub-menu. */
  const itemOf = (button: HTMLElement) => button.parentElement ?? button;
  const closeSubmenus = (except?: HTMLElement) => {
    for (const button of submenuButtons) if (button !== except && isExpanded(button)) setExpanded(button, false);
  };

  toggle?.addEventListener('click', () => {
    const open = !isExpanded(toggle);
    setExpanded(toggle, open);
    if (!open) closeSubmenus();
  });

  for (const button of submenuButtons) {
    button.addEventListener('click', () => {
      const open = !isExpanded(button);
      // One drop-down at a time: they overlap on a wide screen.
      closeSubmenus(button);
      setExpanded(button, open);
    });
  }

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const target = event.target instanceof Node ? event.target : null;
    const submenu = submenuButtons.find((button) => isExpanded(button) && target !== null && itemOf(button).contains(target));
    if (submenu !== undefined) {
      setExpanded(submenu, false);
      submenu.focus();
      return;
    }
    if (toggle !== null && isExpanded(toggle) && isShown(toggle)) {
      setExpanded(toggle, false);
      closeSubmenus();
      toggle.focus();
    }
  });

  // An open drop-down closes when the focus leaves its menu item, or a click lands outside the header.
  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (next === null) return;
    for (const button of submenuButtons) if (isExpanded(button) && !itemOf(button).contains(next)) setExpanded(button, false);
  });
  root.ownerDocument.addEventListener('click', (event) => {
    if (event.target instanceof Node && !root.contains(event.target)) closeSubmenus();
  });
}
