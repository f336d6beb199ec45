import { Fragment } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockComponent } from './block-component';
import { blockRenderers } from './block-renderers';

export interface BlockListProps {
  blocks: Block[];
  /** Defaults to the site's block renderers; tests pass their own. */
  components?: Readonly<Record<string, BlockComponent>>;
}

/** A page's blocks in their stored order; unknown types are skipped, anchors get a wrapper. */
export function BlockList({ blocks, components = blockRenderers }: BlockListProps) {
  return blocks.map((block, index) => {
    const Component = Object.hasOwn(components, block.type) ? components[block.type] : undefined;
    if (Component === undefined) {
      console.warn('Block type not found in the block map: ' + block.type);
      return null;
    }
    const key = block.key || `block-${index}`;
    const anchor = typeof block.anchorPoint === 'string' ? block.anchorPoint.trim() : '';
    if (anchor === '') return <Fragment key={key}><Component block={block} /></Fragment>;
    return (
      <section key={key} id={anchor} className="block-anchor">
        <Component block={block} />
      </section>
    );
  });
}
