import { array, object, string } from 'yup';
import type { Block } from '../blocks/block';

/**
 * A block of a translation whose source changed since the translation was last brought up to
 * date (issue 17): changed in the source, new in it, or gone from it.
 */
export interface StaleBlock {
  key: string;
  kind: 'changed' | 'added' | 'removed';
  type: string;
  label: string;
  /** The block's first line of text in the source (as it is now, or as it was when removed). */
  summary: string;
  /** The props that changed in the source (by their labels), for a changed block. */
  props: string[];
  /** The source's block as the translation last followed it, and as it is now (null: not there). */
  before: Block | null;
  now: Block | null;
}

/** GET page/:id/translation-status: what of the page's source changed since it was translated. */
export interface TranslationStatus {
  /** The page it translates (the one it was created from); null for a page that is not a translation. */
  sourcePageId: string | null;
  stale: StaleBlock[];
}

/** translation_status, by translation page id (the translation-sync projection). */
export type TranslationStatusDoc = TranslationStatus & Record<string, unknown> & { id: string };

/** POST page/:id/translation/up-to-date: the named blocks (or all, without a list) follow the source again. */
export const markUpToDateSchema = object({
  blockKeys: array(string().trim().required('V_01').max(64, 'V_12')).max(500, 'V_12').optional(),
});
