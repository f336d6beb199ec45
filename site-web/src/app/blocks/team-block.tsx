import { useId } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import { isLinkedInUrl, specialtiesOf } from '@pagelog/contracts/blocks/types/team-block';
import { siteTexts } from '../language/site-texts';
import type { BlockContext } from './block-component';
import { blockPicture } from './image-block';
import { text } from './prop-text';

/**
 * One team member (contracts' block type `team`) as an article: the photo, the name as a heading
 * one level below the heading the block stands under, the function, the description, the
 * specialties as a list and a link to the LinkedIn profile. The block list sets consecutive team
 * members side by side (block-list.tsx, site.css).
 */
export function TeamBlock({ block, context }: { block: Block; context: BlockContext }) {
  const listLabelId = useId();
  const name = text(block.props.name);
  if (name === '') return null;
  const role = text(block.props.function);
  const description = text(block.props.description);
  const specialties = specialtiesOf(block.props.specialties);
  const linkedIn = text(block.props.linkedinUrl);
  const picture = blockPicture(block, context);
  const Name = `h${context.subheadingLevel(block)}` as const;
  return (
    <article className="block block-team">
      {picture !== null && <div className="block-team__photo">{picture}</div>}
      <Name className="block-team__name">{name}</Name>
      {role !== '' && <p className="block-team__function">{role}</p>}
      {description !== '' && <p className="block-team__description">{description}</p>}
      {specialties.length > 0 && (
        <>
          <p id={listLabelId} className="block-team__specialties-label">
            {siteTexts(context.locale).specialties}
          </p>
          <ul className="block-team__specialties" aria-labelledby={listLabelId}>
            {specialties.map((specialty, index) => (
              <li key={index}>{specialty}</li>
            ))}
          </ul>
        </>
      )}
      {isLinkedInUrl(linkedIn) && (
        <p className="block-team__linkedin">
          {/* The visible word, then whose profile: several members' links differ by name. */}
          <a href={linkedIn}>
            LinkedIn<span className="visually-hidden">: {name}</span>
          </a>
        </p>
      )}
    </article>
  );
}
