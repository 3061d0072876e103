import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/reset-password/{token}: 200 for a live token, 400 for an unknown, used or expired one. */
export const resetTokenKey = (token: string | null) => ['/api/reset-password', token] as const;

export const resetTokenQuery = (token: string | null) =>
  queryOptions({
    queryKey: resetTokenKey(token),
    queryFn: async () => {
      if (!token) throw new Error('No reset token provided');
      const response = await fetch(`/api/reset-password/${encodeURIComponent(token)}`, { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      return true;
    },
    retry: false,
  });

/** Whether the reset link's token is still good; nothing is asked without one. */
export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQuery(token), enabled: Boolean(token) });
}
