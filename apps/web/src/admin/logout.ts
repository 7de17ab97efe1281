import { SESSION_STATUS } from '@haat/contracts';
import i18next from 'i18next';
import { ApiError, post } from '../lib/api';
import { clearSession } from '../lib/session';
import { toast } from '../ui/toast/toast';

/** Sign out (seed §4; a POST with the CSRF token, decision 026): success clears the token and admin data; a failure shows the server's message. */
export async function logoutAdmin(navigate: (to: string, options?: { replace?: boolean }) => void): Promise<void> {
  try {
    const answer = await post<{ status: string; message?: string }>('/logout/admin');
    if (answer.status !== SESSION_STATUS.success) throw new ApiError(500, answer.message ?? 'Logout failed.');
    clearSession('admin');
    toast.success(i18next.t('admin.logoutSuccess'));
    navigate('/admin/login', { replace: true });
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
  }
}
