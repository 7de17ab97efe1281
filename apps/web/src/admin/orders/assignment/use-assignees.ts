import type { AssigneesAnswer } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';

export const assignmentKeys = {
  assignees: ['order-assignment', 'assignees'] as const,
  settings: ['order-assignment', 'settings'] as const,
  order: (id: number) => ['order-assignment', 'order', id] as const,
};

/** Who orders may go to, and whether the signed-in admin takes orders (their queue is then their default view). */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.assignees,
    queryFn: () => get<AssigneesAnswer>('/api/admin/order-assignment/assignees'),
    staleTime: 60_000,
    enabled,
  });
}
