import { Parser } from 'htmlparser2';

/** Elements that have no end tag (`<br>`, `<img>`): the parser closes them at once, as it should. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Whether rich text is HTML a browser shows as it is written (spec section 5, V_15): every
 * element but a void one is closed by its own end tag, in the order it was opened, and no end tag
 * closes nothing. An unclosed `<b>` fails (a browser carries it into the next paragraph), and so
 * do `<b><i>x</b></i>`, a `<p>` closed by the next `<p>`, and a stray `</div>`.
 */
export function wellFormedHtml(html: string): boolean {
  let ok = true;
  let closedExplicitly = 0;
  const parser = new Parser(
    {
      onclosetag(name, isImplied) {
        if (voidElements.has(name)) return;
        if (isImplied) ok = false;
        else closedExplicitly += 1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  // An end tag that closed nothing raises no event: the end tags written must all have been used.
  const endTags = html.match(/<\/[a-zA-Z][^>]*>/g)?.filter((tag) => !voidElements.has(tag.slice(2, -1).trim().toLowerCase())).length ?? 0;
  return ok && endTags === closedExplicitly;
}
