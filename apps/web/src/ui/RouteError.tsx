import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy';
import { NotFound } from './NotFound';
import { ProgressBar } from './ProgressBar';

/** Shown when a route fails: a chunk that did not arrive (missing or timeout) offers a retry. Plain elements, no frame needed. */
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
      <div className="plain-page">
        <h1>{t('common.errorTitle')}</h1>
        <div className="plain-alert" role="alert" data-chunk-error={chunk?.type}>
          {/* i18n-ignore: the error's technical name, for whoever reports it */}
          {chunk && <strong>ChunkLoadError ({chunk.type})</strong>}
          {message}
        </div>
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
