import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

function reportFailure(message: string | undefined, error: unknown) {
  // A 401 ends the session instead (see AuthProvider); no toast for it.
  if (!message || (isApiError(error) && error.status === 401)) return;
  // Loaded with the first failure: the toasts speak the domain's texts in the interface language, whose
  // catalogue the player's first load does without.
  void import('../components/notify').then(({ notifyError }) => notifyError(message, error));
}

/** Queries and mutations that carry `meta.errorMessage` report failures as a toast (spec 1 §8). */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailure(query.meta?.errorMessage, error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportFailure(mutation.meta?.errorMessage, error),
    }),
    defaultOptions: {
      queries: {
        // Client errors do not get better by asking again.
        retry:
          options.retry === false
            ? false
            : (count, error) => (isApiError(error) && error.status < 500 ? false : count < 2),
        refetchOnWindowFocus: true,
      },
    },
  });
}
