import type { Block } from '@pagelog/contracts/blocks/block';
import type { MediaSlot } from '@pagelog/contracts/blocks/block-definition';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { messageFor } from '@pagelog/contracts/error-catalogue';

/** A problem with a block's library images or files; `property` is relative to the block (`__images`, `__images[0].altText`). */
export interface MediaProblem {
  property: string;
  message: string;
}

/** The label the alternative text of a use is checked under (as the catalogue's V_01 names it). */
export const ALT_TEXT_LABEL = 'Alternative text';

/**
 * What the block's media lack, with the messages the editor shows: fewer than a slot's minimum
 * (or what the block type's own rule asks, such as an image block's image or external address),
 * more than its maximum, and a library image that is neither described nor marked decorative.
 * The command side refuses the first two; the third keeps a page readable for people who
 * cannot see its images, so the editor asks for it before a save.
 */
export function blockMediaProblems(block: Block): MediaProblem[] {
  const definition = blockType(block.type);
  if (!definition) return [];
  const problems: MediaProblem[] = [];
  const add = (property: string, message: string) => {
    if (!problems.some((problem) => problem.property === property)) problems.push({ property, message });
  };
  const slots: [string, MediaSlot | undefined, number][] = [
    ['__images', definition.media?.images, block.__images?.length ?? 0],
    ['__files', definition.media?.files, block.__files?.length ?? 0],
  ];
  for (const [property, slot, count] of slots) {
    if (!slot) continue;
    if (count < slot.min) add(property, messageFor('V_01', slot.label));
    else if (count > slot.max) add(property, messageFor('V_12', slot.label));
  }
  for (const problem of definition.check?.(block) ?? []) {
    const slot = problem.property.startsWith('__images') ? definition.media?.images : problem.property.startsWith('__files') ? definition.media?.files : undefined;
    add(problem.property, messageFor(problem.code, slot?.label ?? problem.property.replace(/^props\./, '')));
  }
  (block.__images ?? []).forEach((image, index) => {
    if (image.decorative !== true && (image.altText ?? '').trim() === '') add(`__images[${index}].altText`, messageFor('V_01', ALT_TEXT_LABEL));
  });
  return problems;
}
