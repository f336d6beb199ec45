import type { ReactNode } from 'react';
import type { BlockIcon as BlockIconName } from '@pagelog/contracts/blocks/block-definition';

/**
 * The drawing of each icon a block type names (contracts' BlockIcon): strokes on a 24-unit grid,
 * in the text's colour. Small inline SVGs rather than an icon library: sixteen shapes do not
 * justify a dependency. An icon name without a drawing does not compile.
 */
const drawings = {
  hero: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 9h10M7 13h7M7 16.5h4" />
    </>
  ),
  heading: <path d="M6 4v16M18 4v16M6 12h12" />,
  text: <path d="M4 6h16M4 10h16M4 14h16M4 18h10" />,
  image: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.5" />
      <path d="m21 16-5-5-9 8" />
    </>
  ),
  'image-text': (
    <>
      <rect x="3" y="6" width="8" height="12" rx="1.5" />
      <path d="M14 8h7M14 12h7M14 16h5" />
    </>
  ),
  downloads: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  video: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  'call-to-action': (
    <>
      <rect x="3" y="8" width="18" height="8" rx="4" />
      <path d="M8 12h6M12 10l2 2-2 2" />
    </>
  ),
  quote: <path d="M5 17c2-1 3-3 3-6V7H4v5h4M15 17c2-1 3-3 3-6V7h-4v5h4" />,
  'key-figures': <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />,
  faq: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
    </>
  ),
  'anchor-menu': <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />,
  team: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c0-4 4-6 8-6s8 2 8 6" />
    </>
  ),
  table: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 10h18M3 15h18M9 4v16M15 4v16" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
    </>
  ),
  form: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h4" />
    </>
  ),
  cards: (
    <>
      <rect x="3" y="5" width="8" height="14" rx="1.5" />
      <rect x="13" y="5" width="8" height="14" rx="1.5" />
      <path d="M3 10h8M13 10h8M5.5 13.5h3M15.5 13.5h3" />
    </>
  ),
} satisfies Record<BlockIconName, ReactNode>;

/** A block type's icon: decoration beside its name, hidden from assistive technology. */
export function BlockIcon({ name, className = 'block-icon' }: { name: BlockIconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {drawings[name]}
    </svg>
  );
}
