import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

// Paths carry the id lower-cased, so the look-up ignores case.
function findPageType(id: string): PageTypeDefinition | undefined {
  const wanted = id.toLowerCase();
  return Object.values<PageTypeDefinition>(pageTypes).find((type) => type.id.toLowerCase() === wanted);
}

export function PageTypeOverviewRoute() {
  const { t } = useTranslation();
  const { pageTypeId = '' } = useParams();
  const type = findPageType(pageTypeId);

  if (!type) {
    return (
      <PlaceholderScreen
        title={t('screens.pageTypeOverview.unknownTitle')}
        description={t('screens.pageTypeOverview.unknownDescription', { id: pageTypeId })}
      />
    );
  }
  const label = t(`pageTypes.${type.id}`, { defaultValue: type.label });
  return (
    <PlaceholderScreen
      title={t('screens.pageTypeOverview.title', { label })}
      description={t('screens.pageTypeOverview.description', { id: type.id })}
    />
  );
}
