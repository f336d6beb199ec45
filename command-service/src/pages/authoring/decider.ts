import type { Block } from '@pagelog/contracts/blocks/block';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import { pageType } from '@pagelog/contracts/pages/page-types';
import type { SeoFields } from '@pagelog/contracts/pages/page';
import type { PageCreated, PageDraftStarted, PageVersionStored } from '@pagelog/contracts/events/page-events';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { yupErrorToItems } from '@pagelog/contracts/validation';
import type { ValidationError as YupValidationError } from 'yup';
import { assertNever } from '../../core/decider';
import { draftIsPublished, type PageState } from '../page-state';

export interface CreatePage {
  type: 'CreatePage';
  data: {
    pageId: string;
    versionId: string;
    translationGroupId: string;
    pageType: string;
    locale: string;
    title: string;
    slug: string;
    content: string;
    typeData: Record<string, unknown>;
  };
}

export interface StoreVersion {
  type: 'StoreVersion';
  data: SeoFields & {
    /** The version the editor stored into (from the path). */
    versionId: string;
    /** An id for a new draft, used when the stored-into version is already published. */
    newVersionId: string;
    title: string;
    blocks: Block[];
  };
}

export type AuthoringCommand = CreatePage | StoreVersion;
export type AuthoringEvent = PageCreated | PageVersionStored | PageDraftStarted;

/** Checks blocks against the page type and the block registry; returns V_ items naming each property. */
export function blockErrors(pageTypeId: string, blocks: Block[]): ErrorItem[] {
  const allowed = pageType(pageTypeId)?.allowedBlocks as string[] | undefined;
  const errors: ErrorItem[] = [];
  const keys = new Set<string>();
  const anchors = new Set<string>();
  blocks.forEach((block, i) => {
    const at = `blocks[${i}]`;
    const definition = blockType(block.type);
    if (!definition || (allowed && !allowed.includes(block.type))) {
      errors.push(errorItem('V_12', `${at}.type`, 'pageVersion'));
      return;
    }
    if (keys.has(block.key)) errors.push(errorItem('V_12', `${at}.key`, 'pageVersion'));
    keys.add(block.key);
    if (block.anchorPoint) {
      if (anchors.has(block.anchorPoint)) errors.push(errorItem('V_18', `${at}.anchorPoint`, 'pageVersion'));
      anchors.add(block.anchorPoint);
    }
    try {
      definition.props.validateSync(block.props, { abortEarly: false });
    } catch (error) {
      for (const item of yupErrorToItems(error as YupValidationError, 'pageVersion')) {
        errors.push(errorItem(item.code, `${at}.props.${item.property}`, 'pageVersion'));
      }
    }
  });
  return errors;
}

export function decideAuthoring(command: AuthoringCommand, state: PageState): AuthoringEvent[] {
  switch (command.type) {
    case 'CreatePage': {
      if (state.exists) throw ValidationError.of('V_07', 'id', 'page');
      const d = command.data;
      if (!pageType(d.pageType)) throw ValidationError.of('V_12', 'type', 'page');
      return [
        {
          type: 'PageCreated',
          data: {
            pageId: d.pageId,
            translationGroupId: d.translationGroupId,
            type: d.pageType,
            locale: d.locale,
            title: d.title,
            slug: d.slug,
            content: d.content,
            typeData: d.typeData,
            versionId: d.versionId,
          },
        },
      ];
    }
    case 'StoreVersion': {
      if (!state.exists) throw new NotFoundError('PM_01', 'id', 'pageVersion');
      const d = command.data;
      if (d.versionId !== state.draftVersionId) {
        // Only the current draft (or the published version it equals) can be stored into.
        throw ValidationError.of('V_07', 'id', 'pageVersion');
      }
      const errors = blockErrors(state.type, d.blocks);
      if (errors.length > 0) throw new ValidationError(errors);
      const events: AuthoringEvent[] = [];
      let versionId = d.versionId;
      if (draftIsPublished(state)) {
        versionId = d.newVersionId;
        events.push({ type: 'PageDraftStarted', data: { pageId: state.pageId, versionId, basedOnVersionId: d.versionId } });
      }
      events.push({
        type: 'PageVersionStored',
        data: {
          pageId: state.pageId,
          versionId,
          title: d.title,
          blocks: d.blocks,
          seoTitle: d.seoTitle,
          seoDescription: d.seoDescription,
          seoKeywords: d.seoKeywords,
          seoImage: d.seoImage,
        },
      });
      return events;
    }
    default:
      return assertNever(command);
  }
}
