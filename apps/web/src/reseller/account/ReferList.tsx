import { Badge, Button, Card, Code, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { ACCOUNT_STATUS } from './Information';
import { Loaded, PageHeading, useText } from './kit';

interface Referrals {
  referral_code: string;
  data: { id: number; name: string; shop_name: string; status: string; joined_at: string }[];
}

const STATUS_COLOR: Record<string, string> = { active: 'green', pending: 'yellow', suspended: 'red' };

/** `/dropshipper/refer/list`: resellers who signed up with this reseller's referral code. */
export default function ReferList() {
  const { t } = useText();
  const referrals = useQuery({ queryKey: ['reseller', 'referrals'], queryFn: () => get<Referrals>('/api/reseller/refer/list') });
  return (
    <Stack maw={860}>
      <PageHeading title={t('referTitle', 'Refer list')} />
      <Loaded query={referrals}>
        {(data) => (
          <Stack>
            <Card withBorder>
              <Text fz="sm" c="dimmed">
                {t(
                  'referIntro',
                  'Share your referral code with people who want to become resellers. Those who sign up with it are listed here.',
                )}
              </Text>
              <Group mt="sm" gap="xs">
                <Text fw={600}>{t('referralCode', 'My referral code')}:</Text>
                <Code fz="lg">{data.referral_code}</Code>
                <CopyButton value={data.referral_code}>
                  {({ copied, copy }) => (
                    <Button size="compact-sm" variant="light" onClick={copy}>
                      {copied ? t('copied', 'Copied') : t('copy', 'Copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Card>
            <Card withBorder>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('name', 'Name')}</Table.Th>
                    <Table.Th>{t('shopName', 'Shop name')}</Table.Th>
                    <Table.Th>{t('joined', 'Joined')}</Table.Th>
                    <Table.Th>{t('accountStatus', 'Account status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text c="dimmed" ta="center" py="md">
                          {t('noReferrals', 'Nobody has signed up with your code yet.')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.data.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.shop_name}</Table.Td>
                      <Table.Td>{formatDate(row.joined_at)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[row.status] ?? 'gray'} variant="light">
                          {t(`account_${row.status}`, ACCOUNT_STATUS[row.status] ?? row.status)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
