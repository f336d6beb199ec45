import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { pageType } from '@pagelog/contracts/pages/page-types';

/**
 * A page type's label: translated when en.json has `pageTypes.<id>` (as the navigation reads it),
 * the contract's English label otherwise.
 */
export function usePageTypeLabel(): (id: string) => string {
  const { t } = useTranslation();
  return useCallback((id: string) => t(`pageTypes.${id}`, { defaultValue: pageType(id)?.label ?? id }), [t]);
}
