import { useTranslation } from 'react-i18next';

/** The grey block a page shows while its call is out, announced as "Loading…". */
export function Loading({ height }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <div className="s-skeleton" role="status" style={height ? { minHeight: height } : undefined}>
      <span className="s-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
