import type { Block } from '@pagelog/contracts/blocks/block';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import type { ErrorItem } from '@pagelog/contracts/envelope';

/** A link the server warned about (PM_02, PM_03), as the editor names it: its block, its field, and what is wrong. */
export interface LinkWarning {
  /** The block's place on the page, counted from 1; null when the warning names no block. */
  position: number | null;
  /** The block type's label ("Call to action"). */
  type: string;
  /** The field's label ("Button link"). */
  field: string;
  /** The server's message, which names the page or the link. */
  message: string;
}

/** The label of a block type's prop, from its schema; the name without one. */
function fieldLabel(block: Block | undefined, prop: string): string {
  const definition = block ? blockType(block.type) : undefined;
  const fields = (definition?.props.describe() as { fields?: Record<string, { label?: string }> } | undefined)?.fields;
  return fields?.[prop]?.label ?? prop;
}

/**
 * The warnings of a store or publication (`blocks[3].props.url`), each with the block and field
 * it is about, read against the blocks that were stored or published.
 */
export function describeLinkWarnings(warnings: readonly ErrorItem[] | undefined, blocks: readonly Block[]): LinkWarning[] {
  return (warnings ?? []).map((warning) => {
    const match = /^blocks\[(\d+)\]\.props\.([A-Za-z0-9_]+)/.exec(warning.property);
    if (!match) return { position: null, type: '', field: warning.property, message: warning.message };
    const index = Number(match[1]);
    const block = blocks[index];
    return { position: index + 1, type: (block && blockType(block.type)?.label) ?? block?.type ?? '', field: fieldLabel(block, match[2]!), message: warning.message };
  });
}
