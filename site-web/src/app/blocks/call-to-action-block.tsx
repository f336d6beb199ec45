import type { Block } from '@pagelog/contracts/blocks/block';
import { safeHref } from './safe-href';
import { text } from './prop-text';

/**
 * A short invitation with a button (contracts' block type `callToAction`). The button is a link
 * styled by `style`; without a safe link or a button text there is no button.
 */
export function CallToActionBlock({ block }: { block: Block }) {
  const title = text(block.props.title);
  const body = text(block.props.text);
  const buttonText = text(block.props.buttonText);
  const href = safeHref(block.props.url);
  const style = block.props.style === 'secondary' ? 'secondary' : 'primary';
  return (
    <section className={`block block-cta block-cta--${style}`}>
      {title !== '' && <h2 className="block-cta__title">{title}</h2>}
      {body !== '' && <p className="block-cta__text">{body}</p>}
      {href !== null && buttonText !== '' && (
        <p className="block-cta__action">
          <a className={`button button--${style}`} href={href}>
            {buttonText}
          </a>
        </p>
      )}
    </section>
  );
}
