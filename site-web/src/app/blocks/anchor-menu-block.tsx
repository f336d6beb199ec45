import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockContext } from './block-component';
import { siteTexts } from '../language/site-texts';

/**
 * Links to the anchors of the page (contracts' block type `anchorMenu`), in the page's order, as
 * a navigation landmark named by its title (or "Op deze pagina"). Without anchors, nothing.
 */
export function AnchorMenuBlock({ block, context }: { block: Block; context: BlockContext }) {
  const title = typeof block.props.title === 'string' ? block.props.title.trim() : '';
  if (context.anchors.length === 0) return null;
  const name = title !== '' ? title : siteTexts(context.locale).onThisPage;
  return (
    <nav className="block block-anchor-menu" aria-label={name}>
      {title !== '' && <h2 className="block-anchor-menu__title">{title}</h2>}
      <ul className="block-anchor-menu__list">
        {context.anchors.map((anchor) => (
          <li key={anchor.id}>
            <a href={`#${encodeURIComponent(anchor.id)}`}>{anchor.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
