import { isDeepStrictEqual } from 'node:util';
import type { Block } from '@pagelog/contracts/blocks/block';
import { blockType } from '@pagelog/contracts/blocks/block-types';
import type { MediaSlot } from '@pagelog/contracts/blocks/block-definition';
import { blockFileSchema, blockImageSchema } from '@pagelog/contracts/blocks/block-media';
import { rewriteLinks } from '@pagelog/contracts/blocks/links';
import { pageType } from '@pagelog/contracts/pages/page-types';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import { pageStream, type PageCopiedFrom, type PageEvent, type PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { valueErrors } from '@pagelog/contracts/input';
import type { AnyObjectSchema } from 'yup';
import { assertNever, type Decider } from '../../core/decider';
import { evolvePage, isLive, pageEvolver, type PageState } from '../page-state';
import { mergeVersions, sameContent } from './merge';

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
    /** A translation or duplicate starts from a copy of another page's draft. */
    copiedFrom: PageCopiedFrom | null;
    copiedContent: VersionContent | null;
  };
}

export interface StoreVersion {
  type: 'StoreVersion';
  data: {
    /** The version the editor stored into (from the path). */
    versionId: string;
    /** An id for a new draft, used when the stored-into version has been published. */
    newVersionId: string;
    content: VersionContent;
    /** The page revision the editor started from, and the page as it was then (for a merge). */
    baseRevision: number;
    base: PageState;
    currentRevision: number;
    /** The editor stored by itself after typing stopped (decision 0019): the event says so. */
    auto?: boolean;
  };
}

/**
 * PUT /page/{id}/save: the page's settings. The new slug has been claimed already. `mayPublish`
 * tells whether the actor holds publish-page: moving a live page changes the public site at once.
 */
export interface SavePage {
  type: 'SavePage';
  data: {
    slug: string;
    updateLinks: boolean;
    anchor?: string;
    typeData?: Record<string, unknown>;
    mayPublish: boolean;
    /** An id for a new draft, used when the settings change and the draft has been published. */
    newVersionId: string;
  };
}

/** Make links in this page's draft to a page that moved follow it. */
export interface UpdateLinks {
  type: 'UpdateLinks';
  data: { fromPath: string; toPath: string; movedPageId: string; newVersionId: string; origins: string[] };
}

export interface DeletePage {
  type: 'DeletePage';
  data: Record<string, never>;
}

export type AuthoringCommand = CreatePage | StoreVersion | SavePage | UpdateLinks | DeletePage;

const model = 'pageVersion';

/** Checks blocks against the page type and the block registry; returns V_ items naming each property. */
export function blockErrors(pageTypeId: string, blocks: readonly Block[]): ErrorItem[] {
  const allowed = pageType(pageTypeId)?.allowedBlocks as string[] | undefined;
  const errors: ErrorItem[] = [];
  const keys = new Set<string>();
  const anchors = new Set<string>();
  blocks.forEach((block, i) => {
    const at = `blocks[${i}]`;
    const definition = blockType(block.type);
    if (!definition || (allowed && !allowed.includes(block.type))) {
      errors.push(errorItem('V_12', `${at}.type`, model));
      return;
    }
    if (keys.has(block.key)) errors.push(errorItem('V_12', `${at}.key`, model));
    keys.add(block.key);
    const anchor = (block.anchorPoint ?? '').toLowerCase();
    if (anchor) {
      if (anchors.has(anchor)) errors.push(errorItem('V_18', `${at}.anchorPoint`, model));
      anchors.add(anchor);
    }
    errors.push(...schemaErrors(definition.props, block.props, `${at}.props`, model));
    errors.push(...listErrors(blockImageSchema, block.__images, `${at}.__images`, definition.media?.images));
    errors.push(...listErrors(blockFileSchema, block.__files, `${at}.__files`, definition.media?.files));
    for (const problem of definition.check?.(block) ?? []) errors.push(errorItem(problem.code, `${at}.${problem.property}`, model));
  });
  return errors;
}

/**
 * A block's images or files: a list of items that each pass the schema, as many as the block
 * type's slot takes (none without a slot); absent counts as empty.
 */
function listErrors(schema: AnyObjectSchema, list: unknown, at: string, slot: MediaSlot | undefined): ErrorItem[] {
  const items = list === undefined ? [] : list;
  if (!Array.isArray(items)) return [errorItem('V_12', at, model)];
  if (items.length < (slot?.min ?? 0)) return [errorItem('V_01', at, model)];
  if (items.length > (slot?.max ?? 0)) return [errorItem(slot ? 'V_14' : 'V_12', at, model)];
  return items.flatMap((item, i) => schemaErrors(schema, item, `${at}[${i}]`, model));
}

/**
 * The items a value's own schema reports for it, the way a request body is checked: an object,
 * no property the schema does not name, the schema's rules without casting (so stored data is
 * what was checked). Items name `<at>.<property>`.
 */
function schemaErrors(schema: AnyObjectSchema, value: unknown, at: string, modelName: string): ErrorItem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [errorItem('V_12', at, modelName)];
  return valueErrors(schema, value, modelName).map((i) => errorItem(i.code, `${at}.${i.property}`, modelName));
}

/** typeData checked against the page type's schema; V_ items name `typeData.<field>`. */
export function typeDataErrors(pageTypeId: string, typeData: Record<string, unknown>): ErrorItem[] {
  const definition = pageType(pageTypeId);
  if (!definition) return [errorItem('V_12', 'type', 'page')];
  return schemaErrors(definition.typeData, typeData, 'typeData', 'page');
}

/** typeData with the page type's defaults filled in and unknown fields left out. */
export function castTypeData(pageTypeId: string, typeData: Record<string, unknown>): Record<string, unknown> {
  const definition = pageType(pageTypeId);
  return definition ? (definition.typeData.cast(typeData, { stripUnknown: true }) as Record<string, unknown>) : typeData;
}

function requireLive(state: PageState, property = 'id', modelName = 'page'): void {
  if (!isLive(state)) throw new NotFoundError('PM_01', property, modelName);
}

/** The draft version id to store into, starting a new draft when the current one was published. */
function draftTarget(state: PageState, newVersionId: string): { versionId: string; events: PageEvent[] } {
  if (!state.draftFrozen) return { versionId: state.draftVersionId, events: [] };
  return {
    versionId: newVersionId,
    events: [{ type: 'PageDraftStarted', data: { pageId: state.pageId, versionId: newVersionId, basedOnVersionId: state.draftVersionId } }],
  };
}

function decideStore(state: PageState, d: StoreVersion['data']): PageEvent[] {
  requireLive(state, 'id', model);
  if (!state.versionIds.includes(d.versionId)) throw new NotFoundError('PM_01', 'id', model);
  // A version under review is what the reviewer will publish: it does not change until the
  // request is decided or revoked.
  if (state.openRequest) throw ValidationError.of('V_07', 'hasPublicationRequest', model);
  const invalid = blockErrors(state.type, d.content.blocks);
  if (invalid.length > 0) throw new ValidationError(invalid);

  let content = d.content;
  const stale = d.baseRevision !== d.currentRevision;
  if (!stale) {
    if (d.versionId !== state.draftVersionId) throw ValidationError.of('V_07', 'id', model);
  } else {
    if (d.versionId !== d.base.draftVersionId) throw ValidationError.of('V_07', 'id', model);
    const merged = mergeVersions(d.base.draft, state.draft, d.content);
    const conflicts = [...merged.conflicts];
    if (conflicts.length === 0 && blockErrors(state.type, merged.content.blocks).length > 0) conflicts.push('blocks');
    if (conflicts.length > 0) {
      throw new ConflictError(pageStream(state.pageId), d.baseRevision, d.currentRevision, {
        conflicts,
        current: { ...state.draft, versionId: state.draftVersionId },
      });
    }
    content = merged.content;
  }
  if (sameContent(content, state.draft)) return [];
  const target = draftTarget(state, d.newVersionId);
  return [
    ...target.events,
    {
      type: 'PageVersionStored',
      data: {
        pageId: state.pageId,
        versionId: target.versionId,
        ...content,
        ...(stale ? { mergedFromRevision: d.baseRevision } : {}),
        ...(d.auto ? { auto: true as const } : {}),
      },
    },
  ];
}

/**
 * The page's settings (decision 0004, "Page settings and the public site"). The anchor and the
 * type data belong to the draft, like its blocks: they are stored into it (a new draft when the
 * current one is live) and reach the public site only when it is published, so they are pinned
 * while a request is open. The slug is the page's address, not content: it changes at once, old
 * address redirecting, so on a page that is live it takes publish-page.
 */
function decideSave(state: PageState, d: SavePage['data']): PageEvent[] {
  requireLive(state);
  const events: PageEvent[] = [];
  if (d.slug !== state.slug) {
    if (state.publishedVersionId !== null && !d.mayPublish) throw new ForbiddenError('UM_01');
    events.push({
      type: 'PageSlugChanged',
      data: { pageId: state.pageId, locale: state.locale, slug: d.slug, previousSlug: state.slug, updateLinks: d.updateLinks },
    });
  }
  let typeData = state.typeData;
  if (d.typeData !== undefined) {
    const invalid = typeDataErrors(state.type, d.typeData);
    if (invalid.length > 0) throw new ValidationError(invalid);
    typeData = castTypeData(state.type, d.typeData);
  }
  const anchor = d.anchor ?? state.anchor;
  if (!isDeepStrictEqual(typeData, state.typeData) || anchor !== state.anchor) {
    if (state.openRequest) throw ValidationError.of('V_07', 'hasPublicationRequest', 'page');
    const target = draftTarget(state, d.newVersionId);
    events.push(...target.events, { type: 'PageSettingsStored', data: { pageId: state.pageId, versionId: target.versionId, typeData, anchor } });
  }
  return events;
}

/**
 * A change stored into a draft whose publication is scheduled drops the schedule (issue 17,
 * decision 0024): what was scheduled is the draft as it was, and a later edit (anyone's, an
 * autosave too) must not go live unseen. The publisher schedules the new draft again.
 */
function withScheduleDropped(state: PageState, events: PageEvent[]): PageEvent[] {
  const pending = state.schedules.publish;
  if (!pending) return events;
  const changesIt = events.some((e) => (e.type === 'PageVersionStored' || e.type === 'PageSettingsStored') && e.data.versionId === pending.versionId);
  return changesIt ? [...events, { type: 'PageScheduleCancelled', data: { pageId: state.pageId, scheduleId: pending.scheduleId, action: 'publish' } }] : events;
}

function decideAuthoring(command: AuthoringCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'CreatePage': {
      if (state.exists) throw ValidationError.of('V_07', 'id', 'page');
      const d = command.data;
      if (!pageType(d.pageType)) throw ValidationError.of('V_12', 'type', 'page');
      const invalid = typeDataErrors(d.pageType, d.typeData);
      if (invalid.length > 0) throw new ValidationError(invalid);
      const created: PageEvent = {
        type: 'PageCreated',
        data: {
          pageId: d.pageId,
          translationGroupId: d.translationGroupId,
          type: d.pageType,
          locale: d.locale,
          title: d.title,
          slug: d.slug,
          content: d.content,
          typeData: castTypeData(d.pageType, d.typeData),
          versionId: d.versionId,
          copiedFrom: d.copiedFrom,
        },
      };
      if (!d.copiedContent) return [created];
      const copy = { ...d.copiedContent, title: d.title };
      const blocksInvalid = blockErrors(d.pageType, copy.blocks);
      if (blocksInvalid.length > 0) throw new ValidationError(blocksInvalid);
      return [created, { type: 'PageVersionStored', data: { pageId: d.pageId, versionId: d.versionId, ...copy } }];
    }
    case 'StoreVersion':
      return withScheduleDropped(state, decideStore(state, command.data));
    case 'SavePage':
      return withScheduleDropped(state, decideSave(state, command.data));
    case 'UpdateLinks': {
      // A page deleted, or a draft under review, is left alone: the old path still redirects.
      if (!isLive(state) || state.openRequest) return [];
      const d = command.data;
      const { blocks, changed } = rewriteLinks(state.draft.blocks, d.fromPath, d.toPath, d.origins);
      if (!changed) return [];
      const target = draftTarget(state, d.newVersionId);
      return [
        ...target.events,
        { type: 'PageLinksUpdated', data: { pageId: state.pageId, versionId: target.versionId, fromPath: d.fromPath, toPath: d.toPath, movedPageId: d.movedPageId, blocks } },
      ];
    }
    case 'DeletePage': {
      requireLive(state);
      const events: PageEvent[] = [];
      if (state.openRequest) {
        const { requestId, versionId } = state.openRequest;
        events.push({ type: 'PublicationRequestRevoked', data: { pageId: state.pageId, versionId, requestId } });
      }
      events.push({ type: 'PageDeleted', data: { pageId: state.pageId, locale: state.locale, slug: state.slug, translationGroupId: state.translationGroupId } });
      return events;
    }
    default:
      return assertNever(command);
  }
}

/** A page's authoring rules, in the shape every decider has. */
export const authoringDecider: Decider<AuthoringCommand, PageEvent, PageState> = { ...pageEvolver, decide: decideAuthoring };

/** The state after events (to decide a second step on, as store-and-publish does). */
export const afterEvents = (state: PageState, events: readonly PageStreamEvent[]) => events.reduce(evolvePage, state);
