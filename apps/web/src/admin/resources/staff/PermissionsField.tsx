import { PERMISSION_GROUPS } from '@haat/contracts';
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { usePhrase } from '../../../lib/phrases';
import type { FieldProps } from '../types';
import { permissionLabel } from './permission-words';

/** Permissions grouped by area, each group with "all of them" (issue 4). */
export function PermissionsField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
  const set = (permissions: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange([...next].sort());
  };
  return (
    <Stack gap="sm">
      <Text fw={500} fz="sm">
        {phrase(field.label)}
      </Text>
      {field.description && (
        <Text fz="xs" c="dimmed">
          {phrase(field.description)}
        </Text>
      )}
      {error && (
        <Text fz="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {PERMISSION_GROUPS.map((group) => {
          const held = group.permissions.filter((permission) => chosen.has(permission)).length;
          return (
            <Fieldset key={group.area} legend={phrase(group.label)} data-permission-group={group.area}>
              <Checkbox
                label={phrase('All of {{group}}', { group: phrase(group.label).toLocaleLowerCase() })}
                fw={600}
                checked={held === group.permissions.length}
                indeterminate={held > 0 && held < group.permissions.length}
                onChange={(event) => set(group.permissions, event.currentTarget.checked)}
                mb="xs"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={4}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    label={phrase(permissionLabel(permission))}
                    title={permission}
                    size="xs"
                    checked={chosen.has(permission)}
                    onChange={(event) => set([permission], event.currentTarget.checked)}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
