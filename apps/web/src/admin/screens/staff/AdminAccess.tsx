import { Alert, Anchor, Button, Card, Group, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, get, put } from '../../../lib/api';
import { toast } from '../../../ui/toast/toast';
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
          Back to admins
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

/** A form over one admin: loads them, saves with PUT, shows the answer. */
function AccessForm<Value>({
  title,
  url,
  initial,
  body,
  render,
}: {
  title: string;
  url: (id: number) => string;
  initial: (admin: AdminRow) => Value;
  body: (value: Value) => Record<string, unknown>;
  render: (value: Value, set: (value: Value) => void, errors: Record<string, string>) => React.ReactNode;
}) {
  const admin = useTargetAdmin();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Value | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
  const current = value ?? initial(target);
  const save = async () => {
    setSaving(true);
    setFailure(null);
    setErrors({});
    try {
      const answer = await put<{ message: string }>(url(target.id), body(current));
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['resource', '/api/admin/admins'] });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors());
        setFailure(error.message);
      } else setFailure(String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Frame title={title} admin={target}>
      {target.is_super && <Alert color="blue">A super admin holds every permission whatever is chosen here.</Alert>}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack>
          {render(current, setValue, errors)}
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

/** `/admin/assign/role/admin/{id}` */
export function AssignRoles() {
  return (
    <AccessForm
      title="Assign roles"
      url={(id) => `/api/admin/admins/${id}/roles`}
      initial={(admin) => admin.role_ids}
      body={(role_ids) => ({ role_ids })}
      render={(value, set, errors) => (
        <RolesField
          field={{ name: 'role_ids', label: 'Roles', kind: 'custom' }}
          value={value}
          error={errors.role_ids}
          onChange={(next) => set(next as number[])}
        />
      )}
    />
  );
}

/** `/admin/assign/admin/permission/{id}` */
export function AssignPermissions() {
  return (
    <AccessForm
      title="Assign permissions"
      url={(id) => `/api/admin/admins/${id}/permissions`}
      initial={(admin) => admin.permissions}
      body={(permissions) => ({ permissions })}
      render={(value, set, errors) => (
        <PermissionsField
          field={{ name: 'permissions', label: 'Permissions of their own, besides their roles', kind: 'custom' }}
          value={value}
          error={errors.permissions}
          onChange={(next) => set(next as string[])}
        />
      )}
    />
  );
}

/** `/admin/admin/password/reset/{id}`: a super admin sets another admin's password. */
export function PasswordReset() {
  return (
    <AccessForm
      title="Reset password"
      url={(id) => `/api/admin/admins/${id}/password`}
      initial={() => ({ password: '', password_confirmation: '' })}
      body={(value) => value}
      render={(value, set, errors) => (
        <>
          <Text fz="sm" c="dimmed">
            The admin is signed out everywhere and signs in again with the new password.
          </Text>
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={value.password}
            error={errors.password}
            onChange={(event) => set({ ...value, password: event.currentTarget.value })}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={value.password_confirmation}
            error={errors.password_confirmation}
            onChange={(event) => set({ ...value, password_confirmation: event.currentTarget.value })}
          />
        </>
      )}
    />
  );
}
