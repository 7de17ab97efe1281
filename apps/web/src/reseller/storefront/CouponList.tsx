import type { ResellerShopCoupon } from '@haat/contracts';
import { Badge, Button, Card, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { Loaded, PageHeading, useMoney } from '../account/kit';
import { useShopText } from './i18n';

export const COUPONS_KEY = ['reseller', 'shop', 'coupons'];

/** `/dropshipper/coupon`: the reseller's own coupons, taken at checkout in their shop only. */
export default function CouponList() {
  const { t } = useShopText();
  const money = useMoney();
  const coupons = useQuery({ queryKey: COUPONS_KEY, queryFn: () => get<{ data: ResellerShopCoupon[] }>('/api/reseller/shop/coupons') });
  return (
    <>
      <PageHeading title={t('couponsTitle')}>
        <Button component={Link} to="/dropshipper/coupon/add">
          {t('addCoupon')}
        </Button>
      </PageHeading>
      <Loaded query={coupons}>
        {({ data }) =>
          data.length === 0 ? (
            <Text mt="md">{t('noCoupons')}</Text>
          ) : (
            <Card withBorder mt="md" p={0}>
              <Table.ScrollContainer minWidth={720}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('code')}</Table.Th>
                      <Table.Th>{t('kind')}</Table.Th>
                      <Table.Th>{t('minimumOrder')}</Table.Th>
                      <Table.Th>
                        {t('startsOn')} – {t('endsOn')}
                      </Table.Th>
                      <Table.Th>{t('used')}</Table.Th>
                      <Table.Th>{t('status')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.map((coupon) => (
                      <Table.Tr key={coupon.id}>
                        <Table.Td ff="monospace">{coupon.code}</Table.Td>
                        <Table.Td>{coupon.kind === 'amount' ? money(coupon.value) : `${coupon.value}%`}</Table.Td>
                        <Table.Td>{money(coupon.minimum_order)}</Table.Td>
                        <Table.Td>
                          {coupon.starts_on || coupon.ends_on ? `${coupon.starts_on ?? '…'} – ${coupon.ends_on ?? '…'}` : t('anyDate')}
                        </Table.Td>
                        <Table.Td>
                          {coupon.used_count} / {coupon.usage_limit ?? t('noLimit')}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={coupon.status === 1 ? 'green' : 'gray'} variant="light">
                            {coupon.status === 1 ? t('active') : t('inactive')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Button component={Link} to={`/dropshipper/coupon/edit/${coupon.id}`} size="xs" variant="light">
                            {t('edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </Loaded>
    </>
  );
}
