import type { Block } from '@pagelog/contracts/blocks/block';
import { text } from './prop-text';

/** A quotation (contracts' block type `quote`): the words, then who said them and their role. */
export function QuoteBlock({ block }: { block: Block }) {
  const words = text(block.props.text);
  const person = text(block.props.person);
  const role = text(block.props.role);
  if (words === '') return null;
  return (
    <figure className="block block-quote">
      <blockquote className="block-quote__text">
        <p>{words}</p>
      </blockquote>
      {person !== '' && (
        <figcaption className="block-quote__source">
          <span className="block-quote__person">{person}</span>
          {role !== '' && <span className="block-quote__role">{role}</span>}
        </figcaption>
      )}
    </figure>
  );
}
