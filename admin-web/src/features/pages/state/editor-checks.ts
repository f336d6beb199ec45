import type { ErrorItem } from '@pagelog/contracts/envelope';
import { anchorAvailable, anchorPattern } from '@pagelog/contracts/blocks/anchors';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { savePageSchema, storeVersionSchema } from '@pagelog/contracts/pages/schemas';
import { validateWith } from '../../../core/errors/validation-errors';
import type { PagesApi } from '../api/pages-api';
import { blockLabel } from './block-helpers';
import { blockMediaProblems } from './block-media-problems';
import type { EditorState } from './editor-state';
import { errorMessages, validateValues } from './schema-form-fields';

/** What the checks of a save need besides the editor's state. */
export interface EditorCheckContext {
  pageId: string;
  /** The page's type, for its type data; undefined while the page is not loaded. */
  pageTypeId: string | undefined;
  logError: (message: string, detail?: unknown) => void;
}

/** Client-side checks of everything a save sends, with the messages the server would give. */
export async function checkEditor(editor: EditorState, withSettings: boolean, { pageId, pageTypeId, logError }: EditorCheckContext): Promise<ErrorItem[]> {
  const problems: ErrorItem[] = [];
  const { content } = editor;
  // Spec section 5: null, empty or exactly one SEO image; anything else is not sent.
  if (content.seoImage.length > 1) {
    logError('A page version may have at most one SEO image; the save was not sent.', content.seoImage);
    problems.push(errorItem('V_12', 'seoImage', 'pageVersion'));
  }
  content.blocks.forEach((block, index) => {
    const name = `${index + 1}. ${blockLabel(block.type)}`;
    const definition = blockType(block.type);
    if (definition) {
      for (const { property, message } of errorMessages(validateValues(definition.props, block.props))) {
        problems.push({ code: 'V_12', property: `blocks[${index}].props.${property}`, model: 'pageVersion', message: `${name}: ${message}` });
      }
    }
    for (const { property, message } of blockMediaProblems(block)) {
      problems.push({ code: 'V_12', property: `blocks[${index}].${property}`, model: 'pageVersion', message: `${name}: ${message}` });
    }
    const anchor = block.anchorPoint.trim();
    if (anchor !== '' && !anchorPattern.test(anchor)) {
      problems.push({ code: 'V_12', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_12', 'anchorPoint')}` });
    } else if (!anchorAvailable(anchor, block.key, content.blocks)) {
      problems.push({ code: 'V_18', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_18', 'anchorPoint')}` });
    }
  });
  const version = await validateWith(storeVersionSchema, { pageID: pageId, revision: editor.contentRevision, ...content }, 'pageVersion');
  // Blocks and the SEO image have their own, more precise messages above.
  if (!version.ok) problems.push(...version.errors.filter((error) => !error.property.startsWith('blocks') && !problems.some((known) => known.property === error.property)));
  if (withSettings) {
    const settings = await validateWith(savePageSchema, { ...editor.settings, shouldUpdateLinks: editor.shouldUpdateLinks }, 'page');
    if (!settings.ok) problems.push(...settings.errors);
    const type = pageTypeId ? pageType(pageTypeId) : undefined;
    if (type) {
      for (const { message } of errorMessages(validateValues(type.typeData, editor.settings.typeData))) {
        problems.push({ code: 'V_12', property: 'typeData', model: 'page', message });
      }
    }
  }
  return problems;
}

/** POST /page/anchor-available for each anchored block (the server's word, before a save). */
export async function anchorsTakenRemotely(editor: EditorState, pages: Pick<PagesApi, 'anchorAvailable'>, logError: EditorCheckContext['logError']): Promise<ErrorItem[]> {
  const blocks = editor.content.blocks;
  const pageVersionBlocks = blocks.map(({ key, anchorPoint }) => ({ key, anchorPoint }));
  const checks = await Promise.all(
    blocks.map(async (block, index) => {
      const anchorName = block.anchorPoint.trim();
      if (anchorName === '') return null;
      const reply = await pages.anchorAvailable({ anchorName, blockKey: block.key, pageVersionBlocks });
      if (!reply.Success) {
        // The local check passed; the store itself checks again.
        logError('The anchor could not be checked.', reply.Errors);
        return null;
      }
      if (reply.data?.available !== false) return null;
      const name = `${index + 1}. ${blockLabel(block.type)}`;
      return { code: 'V_18', property: `blocks[${index}].anchorPoint`, model: 'pageVersion', message: `${name}: ${messageFor('V_18', 'anchorPoint')}` };
    }),
  );
  return checks.filter((check): check is ErrorItem => check !== null);
}
