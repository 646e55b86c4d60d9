import { createApiClient } from '@/lib/api-client.ts';

/** The admin screens' API client (the default same-origin one; writes go through TanStack Query mutations). */
export const adminApi = createApiClient();
