import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy';
import { NotFound } from './NotFound';
import { ProgressBar } from './ProgressBar';

/** Shown when a route fails: a chunk that did not arrive (missing or timeout) offers a retry. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const chunk = error instanceof ChunkLoadError ? error : null;
  if (!chunk) console.error(error);
  const message = chunk
    ? t(chunk.type === 'timeout' ? 'common.chunkTimeout' : 'common.chunkMissing')
    : String((error as Error)?.message ?? error);
  return (
    <main id="main">
      <ProgressBar failed />
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>{t('common.errorTitle')}</Title>
          <Alert color="red" title={chunk ? `ChunkLoadError (${chunk.type})` : undefined} data-chunk-error={chunk?.type}>
            {message}
          </Alert>
          <Button onClick={() => window.location.reload()} w="fit-content">
            {t('common.retry')}
          </Button>
        </Stack>
      </Container>
    </main>
  );
}
