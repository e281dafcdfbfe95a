import { Container } from '@mantine/core';
import { useRouteError } from 'react-router';
import { QueryError } from '../ui/query-error';

/** A page that failed to load or render (a chunk that could not be fetched after a new deploy, say). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <QueryError error={error} onRetry={() => window.location.reload()} />
    </Container>
  );
}
