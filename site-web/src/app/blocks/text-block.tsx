import type { Block } from '@pagelog/contracts/blocks/block';

/**
 * Rich text. The server sanitises `props.html` before the page enters the state (see
 * server/prepare-page.ts), so server and browser render the same, already safe, markup.
 */
export function TextBlock({ block }: { block: Block }) {
  const html = typeof block.props.html === 'string' ? block.props.html : '';
  return <div className="block block-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
