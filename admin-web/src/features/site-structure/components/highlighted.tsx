/** A text with the first occurrence of a (normalised) search term marked, as the tree shows matches. */
export function Highlighted({ text, term }: { text: string; term: string }) {
  const lower = text.toLocaleLowerCase();
  // Where lower-casing changes the length (a few letters do), positions would not line up: no mark.
  const at = term === '' || lower.length !== text.length ? -1 : lower.indexOf(term);
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + term.length)}</mark>
      {text.slice(at + term.length)}
    </>
  );
}
