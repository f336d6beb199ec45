import type { Block } from '@pagelog/contracts/blocks/block';
import { text } from './prop-text';

interface Figure {
  number: string;
  unit: string;
  label: string;
}

/** The stored figures that can be shown: each with a number and a label. */
function figuresOf(value: unknown): Figure[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { number, unit, label } = item as Record<string, unknown>;
    const figure = { number: text(number), unit: text(unit), label: text(label) };
    return figure.number !== '' && figure.label !== '' ? [figure] : [];
  });
}

/**
 * Numbers that stand out (contracts' block type `keyFigures`): a list of figures, each its number
 * and unit in large type above what it counts. A screen reader hears "87 % tevreden opdrachtgevers".
 */
export function KeyFiguresBlock({ block }: { block: Block }) {
  const title = text(block.props.title);
  const figures = figuresOf(block.props.figures);
  if (figures.length === 0) return null;
  return (
    <section className="block block-figures">
      {title !== '' && <h2 className="block-figures__title">{title}</h2>}
      <ul className="block-figures__list">
        {figures.map((figure, index) => (
          <li key={index} className="block-figures__item">
            <span className="block-figures__number">
              {figure.number}
              {figure.unit !== '' && <span className="block-figures__unit"> {figure.unit}</span>}
            </span>{' '}
            <span className="block-figures__label">{figure.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
