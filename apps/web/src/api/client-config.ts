import type { ClientConfig } from '@loci/domain';
import { api } from './client';

export const clientConfigApi = {
  getClientConfig: (signal?: AbortSignal) => api.get<ClientConfig>('/client-config', signal),
};
