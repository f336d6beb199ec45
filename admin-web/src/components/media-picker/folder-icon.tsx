/** A folder, drawn (an emoji depends on the fonts installed). Decoration only: the name beside it says what it is. */
export function FolderIcon({ size = 18 }: { size?: number }) {
  return (
    <svg className="folder-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M2 6a2 2 0 0 1 2-2h5l2 2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2z" fill="currentColor" />
    </svg>
  );
}
