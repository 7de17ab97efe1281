import { showPagination } from '@haat/contracts';
import { Group, Pagination as MantinePagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

const SIZES = { small: 'sm', default: 'md', large: 'lg' } as const;
const ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** Pagination of seed §3 and §9: sizes small/default/large, left/center/right, only when total > per_page. */
export function Pagination({
  total,
  perPage,
  page,
  onChange,
  size = 'default',
  align = 'right',
}: {
  total: number;
  perPage: number;
  page: number;
  onChange: (page: number) => void;
  size?: keyof typeof SIZES;
  align?: keyof typeof ALIGN;
}) {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  if (!showPagination({ total, per_page: perPage })) return null;
  return (
    <Group justify={ALIGN[align]}>
      <MantinePagination
        total={Math.ceil(total / perPage)}
        value={page}
        onChange={onChange}
        size={SIZES[size]}
        // The page's number in the page's language (১, ২, ৩ in Bengali), named "Page 3" for a screen reader.
        getItemProps={(item) => ({
          children: formatNumber(item, i18n.language),
          'aria-label': phrase('Page {{n}}', { n: formatNumber(item, i18n.language) }),
        })}
        getControlProps={(control) => ({ 'aria-label': phrase(CONTROL_LABELS[control]) })}
      />
    </Group>
  );
}
