import { object, string } from 'yup';
import type { BlockTypeDefinition } from '../block-definition';

/**
 * Links to the anchors of the page it is on: every block with an anchor point, in the page's
 * order, named by the block's own title or text (a heading's text, say), else by the anchor.
 * Nothing to fill in but an optional title: it follows the page as blocks are added and removed.
 */
export const anchorMenuBlock = {
  id: 'anchorMenu',
  label: 'Anchor menu',
  description: 'Links to the sections of this page that have an anchor point',
  icon: 'anchor-menu',
  pageTypes: ['base', 'article', 'publication', 'expertise', 'landing-page'],
  props: object({
    title: string().label('Title').trim().default('').max(254, 'V_11'),
  }),
} as const satisfies BlockTypeDefinition<'anchorMenu'>;
