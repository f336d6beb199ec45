import { dequal } from 'dequal';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { EditorState } from './editor-state';

const blockProperty = /^blocks\[(\d+)\](.*)$/;
const contentFields = ['title', 'seoTitle', 'seoDescription', 'seoKeywords', 'seoImage'] as const;
const settingsFields = ['slug', 'anchor', 'typeData'] as const;

/** The field of the version or of the page settings a property names (`seoKeywords[2]` → seoKeywords). */
function fieldOf<F extends string>(property: string, fields: readonly F[]): F | undefined {
  return fields.find((field) => property === field || property.startsWith(`${field}.`) || property.startsWith(`${field}[`));
}

/**
 * Errors the editor cannot find again by itself (the API's answer to a save, an anchor the API
 * said is taken), as they still stand after edits: an error about a block stays while that block
 * is unchanged, renumbered when it moved ("3. Quote: …" becomes "2. Quote: …"), and goes once the
 * block changed or was removed; an error about a field goes once the field changed; an error
 * about nothing in particular stays. `at` is the editor as it was when the errors were found.
 */
export function carriedErrors(errors: readonly ErrorItem[], at: EditorState, now: EditorState): ErrorItem[] {
  const carried: ErrorItem[] = [];
  for (const error of errors) {
    const block = blockProperty.exec(error.property);
    if (block) {
      const before = Number(block[1]);
      // The reducer keeps an unchanged block's object, so sameness is identity.
      const found = at.content.blocks[before];
      const index = found ? now.content.blocks.indexOf(found) : -1;
      if (index === -1) continue;
      const prefix = `${before + 1}. `;
      carried.push({
        ...error,
        property: `blocks[${index}]${block[2]}`,
        message: error.message.startsWith(prefix) ? `${index + 1}. ${error.message.slice(prefix.length)}` : error.message,
      });
      continue;
    }
    const content = fieldOf(error.property, contentFields);
    if (content) {
      if (dequal(at.content[content], now.content[content])) carried.push(error);
      continue;
    }
    const setting = fieldOf(error.property, settingsFields);
    if (setting) {
      if (dequal(at.settings[setting], now.settings[setting])) carried.push(error);
      continue;
    }
    carried.push(error);
  }
  return carried;
}
