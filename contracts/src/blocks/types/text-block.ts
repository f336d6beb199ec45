import { object, string } from 'yup';
import type { BlockTypeDefinition, PropMeta } from '../block-definition';
import { richTextLinksValid } from '../rich-text-links';
import { wellFormedHtml } from '../well-formed-html';

export const textBlock = {
  id: 'text',
  label: 'Rich text',
  description: 'Paragraphs, lists and links',
  pageTypes: 'all',
  props: object({
    html: string()
      .label('Text')
      .default('')
      .max(100_000, 'V_14')
      // Shown as written: no unclosed or crossed elements (the editor never writes them).
      .test('html', 'V_15', (v) => v === undefined || wellFormedHtml(v))
      // Every href and src in it follows the link rule, as link props do.
      .test('links', 'V_13', (v) => v === undefined || richTextLinksValid(v))
      .meta({ widget: 'html', hint: 'Paragraphs, headings, lists, quotations, links, bold and italic' } satisfies PropMeta),
  }),
} as const satisfies BlockTypeDefinition<'text'>;
