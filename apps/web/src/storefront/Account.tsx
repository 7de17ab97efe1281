import { SESSION_STATUS } from '@haat/contracts';
import { Button, Card, Container, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate } from 'react-router';
import { post } from '../lib/api';
import { queryClient } from '../lib/query';
import { clearSession, sessionQueries } from '../lib/session';
import { toast } from '../ui/toast/toast';
import { useShopper } from './session';

export async function loader() {
  const answer = await queryClient.fetchQuery(sessionQueries.user).catch(() => null);
  if (answer?.status !== SESSION_STATUS.authorized) throw redirect('/login');
  return null;
}

export default function Account() {
  const { t } = useTranslation();
  const { user } = useShopper();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await post('/_public/logout');
      clearSession('user');
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  if (!user) return null;
  return (
    <Container size="sm" py={48}>
      <Stack>
        <Title order={1}>{t('store.account')}</Title>
        <Card withBorder>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('common.name')}</Table.Th>
                <Table.Td>{user.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('common.phone')}</Table.Th>
                <Table.Td>{user.phone}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('common.email')}</Table.Th>
                <Table.Td>{user.email ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Button variant="default" w="fit-content" onClick={() => void signOut()}>
          {t('common.signOut')}
        </Button>
      </Stack>
    </Container>
  );
}
