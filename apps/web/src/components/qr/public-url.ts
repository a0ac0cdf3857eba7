import { useQuery } from '@tanstack/react-query';
import { clientConfigApi } from '../../api/client-config';
import { queryKeys } from '../../api/query-keys';

/**
 * The server's PUBLIC_URL (GET /api/client-config), under which play links and
 * QR deep links are made; this page's own origin until the answer comes.
 */
export function usePublicUrl(): string {
  const config = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => clientConfigApi.getClientConfig(signal),
    staleTime: Infinity,
  });
  return config.data?.publicUrl ?? window.location.origin;
}
