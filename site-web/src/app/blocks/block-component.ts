import type { ComponentType } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';

/** What the block map holds: a component that renders one block from its stored props. */
export type BlockComponent = ComponentType<{ block: Block }>;
