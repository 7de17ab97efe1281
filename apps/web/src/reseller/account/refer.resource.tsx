import { Badge, Button, Card, Code, CopyButton, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/dates';
import { type DeclaredResource, LIST_ONLY } from '../../ui/resource/declared-routes';
import { accountQueries } from './api';
import { ACCOUNT_STATUS } from './Information';
import { useText } from './kit';

const STATUS_COLOR: Record<string, string> = { active: 'green', pending: 'yellow', suspended: 'red' };

/** `/dropshipper/refer/list`: resellers who signed up with this reseller's referral code. */
export default function useReferResource(): DeclaredResource {
  const { t } = useText();
  const status = (value: string) => t(`account_${value}`, ACCOUNT_STATUS[value] ?? value);
  return {
    title: t('referTitle', 'Refer list'),
    singular: t('referTitle', 'Refer list'),
    readOnly: true,
    resource: {
      api: '/api/reseller/refer/list',
      ...LIST_ONLY,
      list: {
        summary: () => <ReferralCode />,
        filters: [
          {
            name: 'status',
            label: t('accountStatus', 'Account status'),
            options: Object.keys(ACCOUNT_STATUS).map((value) => ({ value, label: status(value) })),
          },
        ],
        defaultSort: '-joined_at',
        empty: t('noReferrals', 'Nobody has signed up with your code yet.'),
        columns: [
          { key: 'name', label: t('name', 'Name'), sort: 'name' },
          { key: 'shop_name', label: t('shopName', 'Shop name') },
          { key: 'joined_at', label: t('joined', 'Joined'), sort: 'joined_at', render: ({ joined_at }) => formatDate(String(joined_at)) },
          {
            key: 'status',
            label: t('accountStatus', 'Account status'),
            render: ({ status: value }) => (
              <Badge color={STATUS_COLOR[String(value)] ?? 'gray'} variant="light" c="dark.8">
                {status(String(value))}
              </Badge>
            ),
          },
        ],
      },
    },
  };
}

/** The code to share, with a copy button. */
function ReferralCode() {
  const { t } = useText();
  const code = useQuery(accountQueries.information()).data?.referral_code ?? '';
  return (
    <Card withBorder>
      <Text fz="sm" c="dimmed">
        {t('referIntro', 'Share your referral code with people who want to become resellers. Those who sign up with it are listed here.')}
      </Text>
      <Group mt="sm" gap="xs">
        <Text fw={600}>{t('referralCode', 'My referral code')}:</Text>
        <Code fz="lg">{code}</Code>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy}>
              {copied ? t('copied', 'Copied') : t('copy', 'Copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}
