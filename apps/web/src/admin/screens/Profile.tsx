import { type AdminView, adminProfileSchema, SESSION_STATUS } from '@haat/contracts';
import { Alert, Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, post, put } from '../../lib/api';
import { imageUrl } from '../../lib/image';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { sessionQueries } from '../../lib/session';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useAdmin } from '../useAdmin';
import { DateLanguage } from './DateLanguage';

function storeAdmin(admin: AdminView) {
  queryClient.setQueryData(sessionQueries.admin.queryKey, { status: SESSION_STATUS.running, admin });
}

/** The signed-in admin's profile (route adminProfile): name, email, phone and image. */
export default function Profile() {
  const admin = useAdmin();
  const { t } = useTranslation();
  const phrase = usePhrase();
  const form = useZodForm(adminProfileSchema, { name: admin.name, email: admin.email, phone: admin.phone ?? '' });
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  const save = form.onSubmit(async (input) => {
    const answer = await put<{ admin: AdminView; message: string }>('/api/admin/profile', input);
    storeAdmin(answer.admin);
    toast.success(answer.message);
  });

  const upload = async (file: File | null) => {
    if (!file) return;
    setImageError(null);
    setUploading(true);
    const body = new FormData();
    body.append('image', file);
    try {
      const answer = await post<{ admin: AdminView; message: string }>('/api/admin/profile/image', body);
      storeAdmin(answer.admin);
      toast.success(answer.message);
    } catch (error) {
      setImageError(error instanceof ApiError ? (error.fieldErrors().image ?? error.message) : String(error));
    } finally {
      setUploading(false);
    }
  };

  const image = imageUrl(admin.image);
  return (
    <Stack maw={640}>
      <Title order={1}>{t('admin.profile')}</Title>
      <Card withBorder padding="lg">
        <Group>
          {image ? (
            <Avatar src={image} alt={phrase('Profile picture of {{name}}', { name: admin.name })} size={88} radius="50%" />
          ) : (
            <Avatar size={88} radius="50%">
              {admin.name.slice(0, 1)}
            </Avatar>
          )}
          <Stack gap={6}>
            <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button {...props} variant="light" loading={uploading}>
                  {image ? phrase('Change image') : phrase('Upload image')}
                </Button>
              )}
            </FileButton>
            <Text fz="xs" c="dimmed">
              {phrase('JPEG, PNG or WebP. It is cropped to a square.')}
            </Text>
            {imageError && (
              <Text fz="sm" c="red.8" role="alert">
                {imageError}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <form onSubmit={save} noValidate>
          <Stack>
            {form.formError && <Alert color="red">{form.formError}</Alert>}
            <TextInput label={t('common.name')} required {...form.field('name')} />
            <TextInput label={t('common.email')} type="email" required {...form.field('email')} />
            <TextInput label={t('common.phone')} type="tel" placeholder="01712345678" {...form.field('phone')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <DateLanguage />
    </Stack>
  );
}
