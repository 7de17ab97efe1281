import { type ResellerShopCoupon, resellerShopCouponInput } from '@haat/contracts';
import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useNumber } from '../../lib/numbers';
import type { DeclaredResource } from '../../ui/resource/declared-routes';
import { MoneyInput } from '../../ui/resource/fields';
import type { FieldProps } from '../../ui/resource/types';
import { useMoney } from '../account/kit';
import { useShopText } from './i18n';

/** `/dropshipper/coupon`: the reseller's own coupons, taken at checkout in their shop only. */
export default function useCouponResource(): DeclaredResource {
  const { t } = useShopText();
  const number = useNumber();
  const money = useMoney();
  const row = (each: Record<string, unknown>) => each as unknown as ResellerShopCoupon;
  return {
    title: t('couponsTitle'),
    singular: t('coupon'),
    resource: {
      api: '/api/reseller/shop/coupons',
      contract: resellerShopCouponInput,
      list: {
        columns: [
          { key: 'code', label: t('code'), sort: 'code', link: true, render: (each) => <Text ff="monospace">{row(each).code}</Text> },
          {
            key: 'value',
            label: t('kind'),
            render: (each) => (row(each).kind === 'amount' ? money(row(each).value) : `${number(row(each).value)}%`),
          },
          { key: 'minimum_order', label: t('minimumOrder'), render: (each) => money(row(each).minimum_order) },
          {
            key: 'dates',
            label: `${t('startsOn')} – ${t('endsOn')}`,
            render: ({ starts_on, ends_on }) => (starts_on || ends_on ? `${starts_on ?? '…'} – ${ends_on ?? '…'}` : t('anyDate')),
          },
          {
            key: 'used_count',
            label: t('used'),
            sort: 'used',
            render: (each) =>
              `${number(row(each).used_count)} / ${row(each).usage_limit === null ? t('noLimit') : number(row(each).usage_limit)}`,
          },
          { key: 'status', label: t('status'), kind: 'status', statusLabels: { on: t('active'), off: t('inactive') } },
        ],
        filters: [
          {
            name: 'status',
            label: t('status'),
            options: [
              { value: '1', label: t('active') },
              { value: '0', label: t('inactive') },
            ],
          },
        ],
        defaultSort: '-id',
        empty: t('noCoupons'),
      },
      form: {
        fields: [
          { name: 'code', label: t('code'), description: t('codeHint'), kind: 'text', required: true },
          { name: 'kind', label: t('kind'), kind: 'custom', component: KindInput, initial: 'amount' },
          { name: 'value', label: t('amount'), kind: 'custom', component: ValueInput, required: true, initial: '', half: true },
          { name: 'minimum_order', label: t('minimumOrder'), kind: 'money', initial: 0, half: true },
          { name: 'starts_on', label: t('startsOn'), kind: 'date', half: true },
          { name: 'ends_on', label: t('endsOn'), kind: 'date', half: true },
          { name: 'usage_limit', label: t('usageLimit'), description: t('usageLimitHint'), kind: 'number', initial: '', half: true },
          { name: 'status', label: t('couponActive'), description: t('couponCost'), kind: 'switch', initial: true },
        ],
      },
    },
  };
}

/** Amount or percent; switching clears nothing but the label and the input the value is typed in. */
function KindInput({ field, value, onChange }: FieldProps) {
  const { t } = useShopText();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id="coupon-kind">
        {field.label}
      </Text>
      <SegmentedControl
        aria-labelledby="coupon-kind"
        value={String(value)}
        onChange={onChange}
        data={[
          { value: 'amount', label: t('kindAmount') },
          { value: 'percent', label: t('kindPercent') },
        ]}
      />
    </Stack>
  );
}

/** Paisa off for an amount, 1–100 for a percent. */
function ValueInput({ field, value, error, onChange, values }: FieldProps) {
  const { t } = useShopText();
  const number = typeof value === 'number' ? value : null;
  if (values?.kind === 'percent') {
    return (
      <NumberInput
        label={t('percent')}
        required={field.required}
        min={1}
        max={100}
        suffix="%"
        allowDecimal={false}
        value={number ?? ''}
        onChange={(next) => onChange(next === '' ? '' : Number(next))}
        error={error}
      />
    );
  }
  return (
    <MoneyInput label={field.label} required={field.required} value={number} onChange={(next) => onChange(next ?? '')} error={error} />
  );
}
