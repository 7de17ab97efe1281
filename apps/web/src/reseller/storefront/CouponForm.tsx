import { type ResellerShopCoupon, resellerShopCouponInput } from '@haat/contracts';
import { Alert, Button, Card, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { Loaded, PageHeading } from '../account/kit';
import { COUPONS_KEY } from './CouponList';
import { useShopText } from './i18n';

/** `/dropshipper/coupon/add` and `/dropshipper/coupon/edit/{id}`: a coupon of the reseller's shop. */
export default function CouponForm() {
  const { t } = useShopText();
  const { id } = useParams();
  const coupon = useQuery({
    queryKey: [...COUPONS_KEY, id],
    queryFn: () => get<{ data: ResellerShopCoupon }>(`/api/reseller/shop/coupons/${id}`),
    enabled: Boolean(id),
  });
  return (
    <Stack maw={860}>
      <PageHeading title={id ? t('editCoupon') : t('addCoupon')}>
        <Button component={Link} to="/dropshipper/coupon" variant="default">
          {t('backCoupons')}
        </Button>
      </PageHeading>
      {id ? <Loaded query={coupon}>{({ data }) => <Form coupon={data} />}</Loaded> : <Form coupon={null} />}
    </Stack>
  );
}

function Form({ coupon }: { coupon: ResellerShopCoupon | null }) {
  const { t } = useShopText();
  const navigate = useNavigate();
  const form = useZodForm(resellerShopCouponInput, {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'amount',
    value: coupon?.value ?? '',
    minimum_order: coupon?.minimum_order ?? 0,
    starts_on: coupon?.starts_on ?? '',
    ends_on: coupon?.ends_on ?? '',
    usage_limit: coupon?.usage_limit ?? '',
    status: coupon?.status ?? 1,
  } as never);
  const values = form.values as unknown as Record<string, string | number | null>;
  const save = form.onSubmit(async (_parsed, input) => {
    const answer = coupon
      ? await put<{ data: ResellerShopCoupon; message: string }>(`/api/reseller/shop/coupons/${coupon.id}`, input)
      : await post<{ data: ResellerShopCoupon; message: string }>('/api/reseller/shop/coupons', input);
    await queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
    toast.success(answer.message);
    navigate('/dropshipper/coupon');
  });
  const text = (name: 'code' | 'starts_on' | 'ends_on') => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: form.errors[name],
  });
  const paisa = (name: string) => (typeof values[name] === 'number' ? (values[name] as number) : null);
  return (
    <Card withBorder>
      <form onSubmit={save} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label={t('code')} description={t('codeHint')} required autoCapitalize="characters" {...text('code')} />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="coupon-kind">
              {t('kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="coupon-kind"
              value={String(values.kind)}
              onChange={(kind) => {
                form.setValue('kind', kind);
                form.setValue('value', '');
              }}
              data={[
                { value: 'amount', label: t('kindAmount') },
                { value: 'percent', label: t('kindPercent') },
              ]}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {values.kind === 'percent' ? (
              <NumberInput
                label={t('percent')}
                required
                min={1}
                max={100}
                suffix="%"
                allowDecimal={false}
                value={typeof values.value === 'number' ? values.value : ''}
                onChange={(next) => form.setValue('value', next === '' ? '' : Number(next))}
                error={form.errors.value}
              />
            ) : (
              <MoneyInput
                label={t('amount')}
                required
                value={paisa('value')}
                onChange={(next) => form.setValue('value', next ?? '')}
                error={form.errors.value}
              />
            )}
            <MoneyInput
              label={t('minimumOrder')}
              value={paisa('minimum_order')}
              onChange={(next) => form.setValue('minimum_order', next ?? 0)}
              error={form.errors.minimum_order}
            />
            <TextInput type="date" label={t('startsOn')} {...text('starts_on')} />
            <TextInput type="date" label={t('endsOn')} {...text('ends_on')} />
            <NumberInput
              label={t('usageLimit')}
              description={t('usageLimitHint')}
              min={1}
              allowDecimal={false}
              value={typeof values.usage_limit === 'number' ? values.usage_limit : ''}
              onChange={(next) => form.setValue('usage_limit', next === '' ? '' : Number(next))}
              error={form.errors.usage_limit}
            />
          </SimpleGrid>
          <Switch
            label={t('couponActive')}
            checked={Number(values.status) === 1}
            onChange={(event) => form.setValue('status', event.currentTarget.checked ? 1 : 0)}
          />
          <Text fz="sm" c="dimmed">
            {t('couponCost')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
