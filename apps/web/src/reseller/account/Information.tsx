import { Anchor, Badge, Card, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { accountQueries } from './api';
import { Loaded, PageHeading, useText } from './kit';

/** The English words of an account status (Bengali in text-bn.ts). */
export const ACCOUNT_STATUS: Record<string, string> = { active: 'Active', pending: 'Awaiting approval', suspended: 'Suspended' };

export function InfoTable({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              {label}
            </Table.Th>
            <Table.Td>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `/dropshipper/reseller/information`: the reseller account as the shop keeps it. */
export default function Information() {
  const { t } = useText();
  const number = useNumber();
  const information = useQuery(accountQueries.information());
  return (
    <Stack maw={760}>
      <PageHeading title={t('informationTitle', 'Reseller information')} />
      <Loaded query={information}>
        {(data) => (
          <Card withBorder>
            <InfoTable
              rows={[
                [t('resellerId', 'Reseller ID'), `#${data.id}`],
                [
                  t('accountStatus', 'Account status'),
                  <Badge key="status" color={data.status === 'active' ? 'green' : 'yellow'} variant="light" c="dark.8">
                    {t(`account_${data.status}`, ACCOUNT_STATUS[data.status] ?? data.status)}
                  </Badge>,
                ],
                [t('shopName', 'Shop name'), data.shop_name],
                [
                  t('storefront', 'My storefront'),
                  <Anchor key="shop" href={data.storefront_path} target="_blank" rel="noreferrer">
                    {data.storefront_path}
                  </Anchor>,
                ],
                [t('referralCode', 'My referral code'), <b key="code">{data.referral_code}</b>],
                [t('referredBy', 'Joined through'), data.referred_by ?? t('nobody', 'No referral')],
                [t('referralCount', 'Resellers I referred'), number(data.referral_count)],
                [t('mobileNumber', 'Mobile number'), data.phone],
                [t('email', 'Email'), data.email ?? ''],
                [t('joined', 'Joined'), formatDate(data.joined_at)],
              ]}
            />
          </Card>
        )}
      </Loaded>
    </Stack>
  );
}
