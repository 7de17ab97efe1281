import { assignPermissionsInput, assignRolesInput, passwordResetInput } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { get, put } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { PermissionsField } from '../../resources/staff/PermissionsField';
import { RolesField } from '../../resources/staff/RolesField';

interface AdminRow {
  id: number;
  name: string;
  email: string;
  is_super: boolean;
  role_ids: number[];
  permissions: string[];
}

function useTargetAdmin() {
  const { id } = useParams();
  return useQuery({
    queryKey: ['resource', '/api/admin/admins', 'one', id],
    queryFn: () => get<{ data: AdminRow }>(`/api/admin/admins/${id}`),
  });
}

function Frame({ title, admin, children }: { title: string; admin?: AdminRow; children: React.ReactNode }) {
  const phrase = usePhrase();
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <div>
          <Title order={1}>{title}</Title>
          {admin && (
            <Text c="dimmed">
              {admin.name} · {admin.email}
            </Text>
          )}
        </div>
        <Anchor component={Link} to="/admin/listAdmin">
          {phrase('Back to admins')}
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

type Form<Values extends Record<string, unknown>> = Pick<
  ReturnType<typeof useZodForm<z.ZodType, Values>>,
  'values' | 'errors' | 'setValue' | 'field'
>;

/** A form over one admin: loads them, checks with the contract, saves with PUT, shows the answer. */
function AccessForm<Values extends Record<string, unknown>>({
  title,
  url,
  contract,
  initial,
  render,
}: {
  title: string;
  url: (id: number) => string;
  contract: z.ZodType;
  initial: (admin: AdminRow) => Values;
  render: (form: Form<Values>) => React.ReactNode;
}) {
  const admin = useTargetAdmin();
  if (admin.error) {
    return (
      <Frame title={title}>
        <Alert color="red">{admin.error.message}</Alert>
      </Frame>
    );
  }
  if (!admin.data) {
    return (
      <Frame title={title}>
        <Skeleton h={240} />
      </Frame>
    );
  }
  const target = admin.data.data;
  return (
    <Frame title={title} admin={target}>
      <AccessBody target={target} url={url(target.id)} contract={contract} initial={initial(target)} render={render} />
    </Frame>
  );
}

function AccessBody<Values extends Record<string, unknown>>({
  target,
  url,
  contract,
  initial,
  render,
}: {
  target: AdminRow;
  url: string;
  contract: z.ZodType;
  initial: Values;
  render: (form: Form<Values>) => React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const phrase = usePhrase();
  const form = useZodForm<z.ZodType, Values>(contract, initial);
  const save = form.onSubmit(async (_parsed, values) => {
    const answer = await put<{ message: string }>(url, values);
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['resource', '/api/admin/admins'] });
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        {target.is_super && <Alert color="blue">{phrase('A super admin holds every permission whatever is chosen here.')}</Alert>}
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack>
            {render(form)}
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {phrase('Save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}

/** `/admin/assign/role/admin/{id}` */
export function AssignRoles() {
  const phrase = usePhrase();
  return (
    <AccessForm
      title={phrase('Assign roles')}
      url={(id) => `/api/admin/admins/${id}/roles`}
      contract={assignRolesInput}
      initial={(admin) => ({ role_ids: admin.role_ids })}
      render={(form) => (
        <RolesField
          field={{ name: 'role_ids', label: 'Roles', kind: 'custom' }}
          value={form.values.role_ids}
          error={form.errors.role_ids}
          onChange={(next) => form.setValue('role_ids', next)}
        />
      )}
    />
  );
}

/** `/admin/assign/admin/permission/{id}` */
export function AssignPermissions() {
  const phrase = usePhrase();
  return (
    <AccessForm
      title={phrase('Assign permissions')}
      url={(id) => `/api/admin/admins/${id}/permissions`}
      contract={assignPermissionsInput}
      initial={(admin) => ({ permissions: admin.permissions })}
      render={(form) => (
        <PermissionsField
          field={{ name: 'permissions', label: 'Permissions of their own, besides their roles', kind: 'custom' }}
          value={form.values.permissions}
          error={form.errors.permissions}
          onChange={(next) => form.setValue('permissions', next)}
        />
      )}
    />
  );
}

/** `/admin/admin/password/reset/{id}`: a super admin sets another admin's password. */
export function PasswordReset() {
  const phrase = usePhrase();
  return (
    <AccessForm
      title={phrase('Reset password')}
      url={(id) => `/api/admin/admins/${id}/password`}
      contract={passwordResetInput}
      initial={() => ({ password: '', password_confirmation: '' })}
      render={(form) => (
        <>
          <Text fz="sm" c="dimmed">
            {phrase('The admin is signed out everywhere and signs in again with the new password.')}
          </Text>
          <PasswordInput
            label={phrase('New password')}
            description={phrase('At least 8 characters.')}
            autoComplete="new-password"
            {...form.field('password')}
          />
          <PasswordInput label={phrase('Repeat the new password')} autoComplete="new-password" {...form.field('password_confirmation')} />
        </>
      )}
    />
  );
}
