import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { pageType } from '@pagelog/contracts/pages/page-types';

/**
 * A page type's label: translated when en.json has `pageTypes.<id>` (as the navigation reads it)
 * or `pageTypes.singular.<id>`, the contract's English label otherwise. `singular` names one page
 * of the type ("Article"), the plural its pages ("Articles").
 */
export function usePageTypeLabel(form: 'plural' | 'singular' = 'plural'): (id: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (id: string) => {
      const definition = pageType(id);
      if (form === 'singular') return t(`pageTypes.singular.${id}`, { defaultValue: definition?.singularLabel ?? id });
      return t(`pageTypes.${id}`, { defaultValue: definition?.label ?? id });
    },
    [t, form],
  );
}
