import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  CopyButton,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { TableScroll } from '../../ui/TableScroll';
import { NAMESPACE } from './i18n';

/** The parts of an OpenAPI 3.1 document this page shows. */
interface Schema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  info: { title: string; version: string; description: string; 'x-rate-limit-per-minute'?: number };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const OPENAPI_URL = '/api/v1/reseller/openapi.json';
const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', delete: 'red' };

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** A schema's type in a few words: "integer", "string | null", "array of Product", "one of a, b". */
function typeText(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return `one of ${schema.enum.map(String).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

function limits(schema: Schema): string {
  const parts: string[] = [];
  // zod's integer bounds (±2^53−1) say nothing to a reader.
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) parts.push(`${schema.minLength}+ chars`);
  if (schema.maxLength !== undefined) parts.push(`≤ ${schema.maxLength} chars`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

/** Every field of an object schema, nested objects and arrays of objects flattened as `lines[].variant_id`. */
function fieldRows(schema: Schema, prefix = ''): { name: string; schema: Schema; required: boolean }[] {
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  if (!target.properties) return [];
  return Object.entries(target.properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const row = { name: path, schema: property, required: target.required?.includes(name) ?? false };
    const nested = property.type === 'array' ? property.items : property;
    return nested?.properties ? [row, ...fieldRows(property, property.type === 'array' ? `${path}[].` : `${path}.`)] : [row];
  });
}

/** Text with `code` spans, as OpenAPI descriptions are written. */
function Described({ text }: { text: string }) {
  // Odd parts were between backticks; each part is keyed by where it starts in the text.
  let at = 0;
  const parts = text.split(/`([^`]+)`/).map((part, position) => {
    const piece = { part, code: position % 2 === 1, at };
    at += part.length + (piece.code ? 2 : 0);
    return piece;
  });
  return (
    <>
      {parts.map((piece) =>
        piece.code ? <Code key={`c${piece.at}`}>{piece.part}</Code> : <Fragment key={`t${piece.at}`}>{piece.part}</Fragment>,
      )}
    </>
  );
}

function SchemaTable({ schema }: { schema: Schema }) {
  const { t } = useTranslation(NAMESPACE);
  const rows = fieldRows(schema);
  return (
    <TableScroll minWidth={560}>
      <Table striped withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('field')}</Table.Th>
            <Table.Th>{t('type')}</Table.Th>
            <Table.Th>{t('required')}</Table.Th>
            <Table.Th>{t('description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                <Code>{row.name}</Code>
              </Table.Td>
              <Table.Td>{typeText(row.schema)}</Table.Td>
              <Table.Td>{row.required ? t('yes') : t('no')}</Table.Td>
              <Table.Td>
                <Described text={[row.schema.description, limits(row.schema)].filter(Boolean).join(' · ')} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function CodeBlock({ code }: { code: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Stack gap={4}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} w="fit-content">
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

const EXAMPLE_ORDER = {
  customer_name: 'Nasrin Akter',
  customer_phone: '01711223344',
  customer_address: 'House 12, Road 5, Dhanmondi',
  city_id: 1,
  sub_city_id: 2,
  lines: [{ variant_id: 101, quantity: 2, unit_price: 95000 }],
  advance_paid: 0,
  note: 'Call before delivery',
};

/** A curl command for one operation, with example values for its path and body. */
function curlExample(base: string, method: string, path: string, operation: Operation): string {
  const url = `${base}${path.replace('{id}', '1')}${operation.operationId === 'listProducts' ? '?q=saree&per_page=20' : operation.operationId === 'listOrders' ? '?status=1' : ''}`;
  const lines = [`curl ${method === 'get' ? '' : `-X ${method.toUpperCase()} `}"${url}"`, '  -H "Authorization: Bearer $HAAT_API_KEY"'];
  if (operation.requestBody) {
    lines.push('  -H "Content-Type: application/json"', '  -H "Idempotency-Key: $(uuidgen)"', `  -d '${JSON.stringify(EXAMPLE_ORDER)}'`);
  }
  return lines.join(' \\\n');
}

function OperationCard({ base, method, path, operation }: { base: string; method: string; path: string; operation: Operation }) {
  const { t } = useTranslation(NAMESPACE);
  const body = operation.requestBody?.content['application/json']?.schema;
  return (
    <Card withBorder id={operation.operationId} component="section" aria-labelledby={`${operation.operationId}-title`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Badge color={METHOD_COLORS[method] ?? 'gray'} variant="filled" radius="sm">
            {method.toUpperCase()}
          </Badge>
          <Code fz="sm">{path}</Code>
        </Group>
        <Title order={3} fz="h4" id={`${operation.operationId}-title`}>
          {operation.summary}
        </Title>
        {operation.description && (
          <Text fz="sm">
            <Described text={operation.description} />
          </Text>
        )}
        {operation.parameters && operation.parameters.length > 0 && (
          <>
            <Title order={4} fz="sm">
              {t('parameters')}
            </Title>
            <TableScroll minWidth={560}>
              <Table striped withTableBorder fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('name')}</Table.Th>
                    <Table.Th>{t('where')}</Table.Th>
                    <Table.Th>{t('type')}</Table.Th>
                    <Table.Th>{t('required')}</Table.Th>
                    <Table.Th>{t('description')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {operation.parameters.map((parameter) => (
                    <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                      <Table.Td>
                        <Code>{parameter.name}</Code>
                      </Table.Td>
                      <Table.Td>{parameter.in}</Table.Td>
                      <Table.Td>{typeText(parameter.schema)}</Table.Td>
                      <Table.Td>{parameter.required ? t('yes') : t('no')}</Table.Td>
                      <Table.Td>
                        {[parameter.description, parameter.schema && limits(parameter.schema)].filter(Boolean).join(' · ')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
        {body && (
          <>
            <Title order={4} fz="sm">
              {t('requestBody')}
            </Title>
            <Text fz="sm">
              {/* i18n-ignore: a media type */}
              <Anchor href={`#schema-${refName(body.$ref ?? '')}`}>{typeText(body)}</Anchor> (application/json)
            </Text>
          </>
        )}
        <Title order={4} fz="sm">
          {t('responses')}
        </Title>
        <List size="sm" spacing={2}>
          {Object.entries(operation.responses).map(([status, response]) => {
            const schema = response.content?.['application/json']?.schema;
            const shown = schema?.$ref ?? schema?.properties?.data?.$ref;
            return (
              <List.Item key={status}>
                <Code>{status}</Code> {response.description}
                {shown && (
                  <>
                    {' — '}
                    <Anchor href={`#schema-${refName(shown)}`}>{schema?.$ref ? refName(shown) : `{ data: ${refName(shown)} }`}</Anchor>
                  </>
                )}
              </List.Item>
            );
          })}
        </List>
        <Title order={4} fz="sm">
          {t('example')}
        </Title>
        <CodeBlock code={curlExample(base, method, path, operation)} />
      </Stack>
    </Card>
  );
}

/** `/dropshipper/documentation/api`: the reseller REST API, read from its OpenAPI document. */
export default function ApiDocs() {
  const { t } = useTranslation(NAMESPACE);
  const query = useQuery({ queryKey: ['reseller', 'openapi'], queryFn: () => get<OpenApiDocument>(OPENAPI_URL), staleTime: 60_000 });
  const base = query.data?.servers[0]?.url ?? window.location.origin;
  return (
    <Stack maw={1040}>
      <div>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>

      <Card withBorder component="section" aria-labelledby="api-start">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="api-start">
            {t('start.title')}
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              <Text fz="sm">{t('start.key')}</Text>
              <Button component={Link} to="/dropshipper/security/edit" size="xs" variant="light" mt={4}>
                {t('start.security')}
              </Button>
            </List.Item>
            <List.Item>
              <Text fz="sm">{t('start.header')}</Text>
              {/* i18n-ignore: an HTTP header, written as sent */}
              <Code>Authorization: Bearer hk_…</Code>
            </List.Item>
          </List>
          <Text fz="sm">
            {t('start.base')}: <Code>{base}</Code>
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('start.money')}</List.Item>
            <List.Item>{t('start.limit', { limit: query.data?.info['x-rate-limit-per-minute'] ?? 120 })}</List.Item>
            <List.Item>{t('start.errors')}</List.Item>
            <List.Item>{t('start.revoke')}</List.Item>
          </List>
          <Text fz="sm">
            {t('start.openapi')}:{' '}
            <Anchor href={OPENAPI_URL} target="_blank" rel="noreferrer">
              {t('start.download')}
            </Anchor>
          </Text>
        </Stack>
      </Card>

      {query.error && (
        <Alert color="red" role="alert" title={t('loadError')}>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {query.isPending && (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {query.data && (
        <>
          <Title order={2} fz="h3">
            {t('endpoints')}
          </Title>
          {Object.entries(query.data.paths).map(([path, methods]) => (
            <Fragment key={path}>
              {Object.entries(methods).map(([method, operation]) => (
                <OperationCard key={`${method} ${path}`} base={base} method={method} path={path} operation={operation} />
              ))}
            </Fragment>
          ))}
          <Title order={2} fz="h3">
            {t('schemas')}
          </Title>
          {Object.entries(query.data.components.schemas).map(([name, schema]) => (
            <Card withBorder key={name} id={`schema-${name}`} component="section" aria-labelledby={`schema-${name}-title`}>
              <Title order={3} fz="h5" id={`schema-${name}-title`} mb="xs">
                {name}
              </Title>
              <SchemaTable schema={schema} />
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}
