import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A real not-found page, for any path no route knows. */
export function NotFound({ home = '/', inShell = false }: { home?: string; inShell?: boolean }) {
  const { t } = useTranslation();
  const body = (
    <Container size="sm" py={64}>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={64} fw={800} c="#161745" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('common.notFoundTitle')}</Title>
        <Text c="dimmed">{t('common.notFoundText')}</Text>
        <Anchor component={Link} to={home}>
          {t('common.backHome')}
        </Anchor>
      </Stack>
    </Container>
  );
  // Inside a shell the shell already provides <main>.
  return inShell ? body : <main id="main">{body}</main>;
}
