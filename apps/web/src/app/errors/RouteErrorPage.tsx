/** The router's error element (product §8 route errors): chunk reload, 404, status pages, generic error. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../api/client';
import { ApiNotFoundError } from '../../api/settings';
import { LineLoader } from '../../components/LineLoader';
import { isChunkLoadError, reloadForChunkError } from './chunkReload';
import { ErrorPageBoundary, GenericErrorPage, NotFoundPage, ServerErrorPage } from './ErrorPages';

function ErrorView({ error }: { error: unknown }) {
  if (isChunkLoadError(error) && reloadForChunkError()) return <LineLoader />;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ServerErrorPage status={error.status || 500} />;
  }
  if (error instanceof ApiNotFoundError) return <ServerErrorPage apiNotFound />;
  if (error instanceof ApiError) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status >= 500 || error.status === 0) return <ServerErrorPage status={error.status || 500} />;
    return <GenericErrorPage status={error.status} />;
  }
  return <GenericErrorPage />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (!(error instanceof ApiError) && !isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPageBoundary>
      <ErrorView error={error} />
    </ErrorPageBoundary>
  );
}
