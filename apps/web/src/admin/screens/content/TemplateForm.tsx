import {
  TEMPLATE_KIND_LABELS,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_PLACEHOLDERS_BY_KIND,
  type TemplateKind,
  type TemplatePreview,
  templateInput,
} from '@haat/contracts';
import { Alert, Box, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { post } from '../../../lib/api';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { templateFields } from '../../resources/content/template';
import { listPath, type ResourceFormScreenProps } from '../../resources/types';
import { DeclaredForm } from './DeclaredForm';

type Row = Record<string, unknown>;

/** The placeholders the kind accepts, and the text filled with sample values as it will be sent. */
function PreviewPanel({ values }: { values: Row }) {
  const phrase = usePhrase();
  const number = useNumber();
  const kind = (values.kind as TemplateKind | null) ?? null;
  const [typed] = useDebouncedValue({ kind, subject: String(values.subject ?? ''), body: String(values.body ?? '') }, 400);
  const preview = useQuery({
    queryKey: ['template-preview', typed],
    queryFn: () => post<{ preview: TemplatePreview }>('/api/admin/templates/preview', typed),
    enabled: Boolean(typed.kind && typed.body),
  });
  if (!kind) {
    return (
      <Card withBorder padding="lg">
        <Text c={AA_COLORS.muted}>{phrase('Choose the kind to see which placeholders it accepts and a preview.')}</Text>
      </Card>
    );
  }
  const shown = preview.data?.preview;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} fz="h4" mb="xs">
          {phrase('Placeholders for {{kind}} templates', { kind: phrase(TEMPLATE_KIND_LABELS[kind]) })}
        </Title>
        <Text fz="sm" c={AA_COLORS.muted} mb="sm">
          {phrase('Type them as shown; each is replaced when the template is sent.')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
          {TEMPLATE_PLACEHOLDERS_BY_KIND[kind].map((name) => (
            <Group key={name} gap={6} wrap="nowrap">
              <Code fz="xs">{`{{${name}}}`}</Code>
              <Text fz="xs" c={AA_COLORS.muted}>
                {phrase(TEMPLATE_PLACEHOLDERS[name].label)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg" aria-live="polite">
        <Title order={2} fz="h4" mb="xs">
          {phrase('Preview with sample values')}
        </Title>
        {preview.error && (
          <Alert color="red" role="alert">
            {preview.error.message}
          </Alert>
        )}
        {!shown && !preview.error && <Text c={AA_COLORS.muted}>{phrase('Write the template to see it here.')}</Text>}
        {shown && (
          <Stack gap="xs">
            {kind === 'email' && (
              <Text fz="sm">
                <strong>{phrase('Subject:')}</strong> {shown.subject}
              </Text>
            )}
            {kind === 'sms' ? (
              <>
                <Box p="sm" bg="gray.1" style={{ borderRadius: 12, whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                  {shown.body}
                </Box>
                {shown.sms && (
                  <Text fz="xs" c={AA_COLORS.muted}>
                    {phrase('{{characters}} characters, {{parts}} SMS', {
                      characters: number(shown.sms.characters),
                      parts: number(shown.sms.parts),
                    })}
                    {shown.sms.unicode ? ` ${phrase('(Bengali or other Unicode text)')}` : ''}
                  </Text>
                )}
              </>
            ) : (
              <Box
                className="rich-text template-preview"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                data-testid="template-preview"
                // The server built this from the sanitised template and escaped sample values.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
                dangerouslySetInnerHTML={{ __html: shown.body }}
              />
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/** `/admin/template/{id}` and `/admin/template/add`: the generated fields, changing with the kind, beside a live preview. */
export default function TemplateForm({ entry, mode }: ResourceFormScreenProps) {
  const phrase = usePhrase();
  const { id } = useParams();
  return (
    <DeclaredForm
      title={mode === 'add' ? phrase('Add template') : phrase('Edit template')}
      api="/api/admin/templates"
      id={mode === 'edit' ? id : undefined}
      contract={templateInput}
      fields={(values) => templateFields((values.kind as TemplateKind | null) ?? null)}
      back={{ to: listPath(entry), label: phrase('Back to templates') }}
      submitLabel={mode === 'add' ? phrase('Add template') : phrase('Save changes')}
      aside={(values) => <PreviewPanel values={values} />}
    />
  );
}
