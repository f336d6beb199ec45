/**
 * The attributes that mark the header's buttons for its island (client/islands/site-header.ts):
 * the server's markup and the island meet here, so neither can rename one alone.
 */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';
export const SUBMENU_TOGGLE_ATTRIBUTE = 'data-submenu-toggle';

/** JSX props that set one of them. */
export const menuToggleMark = { [MENU_TOGGLE_ATTRIBUTE]: '' } as const;
export const submenuToggleMark = { [SUBMENU_TOGGLE_ATTRIBUTE]: '' } as const;
