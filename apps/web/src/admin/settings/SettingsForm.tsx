import { SETTING_GROUP_CONTRACTS, type SettingField, type SettingGroupKey } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../../ui/colors';
import { FieldInput } from '../../ui/resource/fields';
import { nestedErrors } from '../../ui/resource/ResourceForm';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { toField } from './setting-fields';

type Values = Record<string, unknown>;

interface Answer {
  group: SettingGroupKey;
  data: Values;
}

export const settingsQuery = (group: SettingGroupKey) => ({
  queryKey: ['admin', 'settings', group] as const,
  queryFn: () => get<Answer>(`/api/admin/settings/${group}`),
});

/** The fields split where a field starts a new section. */
function sections(fields: readonly SettingField[]): { title?: string; fields: SettingField[] }[] {
  const result: { title?: string; fields: SettingField[] }[] = [];
  for (const field of fields) {
    const last = result[result.length - 1];
    if (!last || field.section) result.push({ title: field.section, fields: [field] });
    else last.fields.push(field);
  }
  return result;
}

/**
 * Any settings group's form, drawn from its contract: the same schema checks the fields here and
 * on the server, errors show beside their fields, a save ends with a toast.
 */
export function SettingsForm({ group, canEdit }: { group: SettingGroupKey; canEdit: boolean }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(settingsQuery(group));
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (isPending || !data) return <Skeleton h={360} radius="md" />;
  return <FormBody key={dataUpdatedAt} group={group} initial={data.data} canEdit={canEdit} />;
}

function FormBody({ group, initial, canEdit }: { group: SettingGroupKey; initial: Values; canEdit: boolean }) {
  const phrase = usePhrase();
  const contract = SETTING_GROUP_CONTRACTS[group];
  const form = useZodForm(contract.schema, initial);
  const queryClient = useQueryClient();
  const submit = form.onSubmit(async (input) => {
    const answer = await put<Answer & { message: string }>(`/api/admin/settings/${group}`, input);
    // The storefront's and the shell's copies (site name, currency…) follow at once.
    await queryClient.invalidateQueries({ queryKey: ['site'] });
    queryClient.setQueryData(settingsQuery(group).queryKey, { group: answer.group, data: answer.data });
    toast.success(answer.message);
  });
  const values = form.values as Values;
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={phrase(contract.title)}>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          {!canEdit && (
            <Alert color="gray" variant="light">
              {phrase('You can read these settings; changing them needs another permission.')}
            </Alert>
          )}
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              {sections(contract.fields).map((section, index) => (
                <Stack key={section.title ?? index} gap="sm">
                  {section.title && (
                    <Title order={2} fz="h4">
                      {phrase(section.title)}
                    </Title>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {section.fields.map((field) => (
                      <div key={field.name} style={field.half ? undefined : { gridColumn: '1 / -1' }}>
                        <FieldInput
                          field={toField(field, phrase)}
                          value={values[field.name]}
                          error={form.errors[field.name]}
                          errors={nestedErrors(form.errors, field.name)}
                          onChange={(value) => form.setValue(field.name, value)}
                        />
                      </div>
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          </fieldset>
          {canEdit && (
            <Group justify="space-between">
              <Text fz="xs" c={AA_COLORS.muted}>
                {phrase('Every change is recorded in the audit log.')}
              </Text>
              <Button type="submit" loading={form.submitting}>
                {phrase('Save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
