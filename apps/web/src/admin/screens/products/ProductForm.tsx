import {
  PRODUCT_PAYMENT_RULE_LABELS,
  PRODUCT_PAYMENT_RULES,
  type ProductInput,
  type ProductPaymentRule,
  priceWarnings,
  productInput,
} from '@haat/contracts';
import { Alert, Button, Card, Grid, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../../lib/api';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { DateTimeField } from '../../../ui/DateFields';
import { RichTextEditor } from '../../../ui/RichTextEditor';
import { FieldInput, MoneyInput } from '../../../ui/resource/fields';
import { nestedErrors } from '../../../ui/resource/ResourceForm';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { PRODUCT_STATUS_LABELS } from '../../resources/products/shared';
import { type Field, listPath, type ResourceFormScreenProps } from '../../resources/types';
import { useCan } from '../../useAdmin';
import { ImagesEditor, type ProductImage } from './ImagesEditor';
import { AdjustStockDialog, StockMovements } from './StockPanel';
import { type ChosenOption, optionsOf, VariantsEditor, type VariantValue } from './VariantsEditor';
import type { VariantRow } from './variant-rows';

const API = '/api/admin/products';

/** The product as the API reads it for the edit form. */
interface ProductDetail {
  id: number;
  name: string;
  name_bn: string | null;
  slug: string;
  sku: string;
  category_id: number | null;
  subcategory_id: number | null;
  sub_subcategory_id: number | null;
  brand_id: number | null;
  merchant_id: number | null;
  merchant_price: number | null;
  description: string;
  purchase_cost: number;
  wholesale_price: number;
  retail_price: number;
  discount_price: number | null;
  discount_starts_at: string | null;
  discount_ends_at: string | null;
  low_stock_threshold: number;
  weight_grams: number;
  payment_rule: ProductPaymentRule;
  status: number;
  is_featured: boolean;
  is_best_seller: boolean;
  show_on_home: boolean;
  video_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  stock: number;
  images: ProductImage[];
  variants: (VariantRow & { id: number; stock: number; values: VariantValue[]; removable: boolean })[];
}

/** The form's values: the contract's input, with the variant rows carrying what the screen shows. */
type Values = Omit<ProductInput, 'variants' | 'images'> & { images: ProductImage[]; variants: VariantRow[] };

function initialValues(record?: ProductDetail): Values {
  if (!record) {
    return {
      name: '',
      name_bn: '',
      slug: '',
      sku: '',
      category_id: null as unknown as number,
      subcategory_id: null,
      sub_subcategory_id: null,
      brand_id: null,
      merchant_id: null,
      merchant_price: null,
      description: '',
      purchase_cost: 0,
      wholesale_price: null as unknown as number,
      retail_price: null as unknown as number,
      discount_price: null,
      discount_starts_at: null,
      discount_ends_at: null,
      low_stock_threshold: 5,
      weight_grams: 0,
      payment_rule: 'any',
      status: 1,
      is_featured: false,
      is_best_seller: false,
      show_on_home: false,
      video_url: '',
      seo_title: '',
      seo_description: '',
      images: [],
      variants: [{ sku: '', attribute_value_ids: [], price_override: null, opening_stock: 0, label: '' }],
    };
  }
  return {
    name: record.name,
    name_bn: record.name_bn ?? '',
    slug: record.slug,
    sku: record.sku,
    category_id: record.category_id as number,
    subcategory_id: record.subcategory_id,
    sub_subcategory_id: record.sub_subcategory_id,
    brand_id: record.brand_id,
    merchant_id: record.merchant_id,
    merchant_price: (record as { merchant_price?: number | null }).merchant_price ?? null,
    description: record.description ?? '',
    purchase_cost: record.purchase_cost,
    wholesale_price: record.wholesale_price,
    retail_price: record.retail_price,
    discount_price: record.discount_price,
    discount_starts_at: record.discount_starts_at,
    discount_ends_at: record.discount_ends_at,
    low_stock_threshold: record.low_stock_threshold,
    weight_grams: record.weight_grams,
    payment_rule: record.payment_rule ?? 'any',
    status: record.status,
    is_featured: record.is_featured,
    is_best_seller: record.is_best_seller,
    show_on_home: record.show_on_home,
    video_url: record.video_url ?? '',
    seo_title: record.seo_title ?? '',
    seo_description: record.seo_description ?? '',
    images: record.images.map(({ path, thumbnail, is_main, attribute_value_id }) => ({ path, thumbnail, is_main, attribute_value_id })),
    variants: record.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      attribute_value_ids: variant.attribute_value_ids,
      price_override: variant.price_override,
      opening_stock: 0,
      label: variant.label,
      stock: variant.stock,
      removable: variant.removable,
      skuEdited: true,
      barcode: variant.barcode ?? '',
      average_cost: variant.average_cost ?? null,
    })),
  };
}

// The plain fields, declared as the generated forms declare theirs (one input per kind).
const FIELDS = {
  name: { name: 'name', label: 'Name', kind: 'text', required: true },
  name_bn: {
    name: 'name_bn',
    label: 'Name in Bengali',
    kind: 'text',
    description: 'Shown instead of the name on Bengali pages, and found by search; optional',
  },
  slug: {
    name: 'slug',
    label: 'Slug',
    kind: 'text',
    description: 'The web address part, like cotton-kurti. Leave empty to make one from the name.',
  },
  sku: { name: 'sku', label: 'SKU', kind: 'text', required: true, description: 'Letters, digits and . _ - /, like KT-101' },
  brand_id: { name: 'brand_id', label: 'Brand', kind: 'reference', reference: { api: '/api/admin/brands', query: 'sort=name' } },
  merchant_id: {
    name: 'merchant_id',
    label: 'Merchant',
    kind: 'reference',
    description: 'The supplier who sells it through the shop, if any',
    reference: { api: '/api/admin/merchants', query: 'sort=name', label: (row) => String(row.company_name || row.name) },
  },
  merchant_price: {
    name: 'merchant_price',
    label: 'Merchant price',
    kind: 'money',
    description: 'What the shop pays the merchant for each unit delivered; at most the retail price',
  },
  status: { name: 'status', label: 'Status', kind: 'status', statusLabels: PRODUCT_STATUS_LABELS },
  is_featured: { name: 'is_featured', label: 'Featured', kind: 'switch' },
  is_best_seller: { name: 'is_best_seller', label: 'Best seller', kind: 'switch' },
  show_on_home: { name: 'show_on_home', label: 'Show on the home page', kind: 'switch' },
  low_stock_threshold: {
    name: 'low_stock_threshold',
    label: 'Low-stock threshold',
    kind: 'number',
    description: 'Lists warn when the stock falls to this number',
  },
  weight_grams: { name: 'weight_grams', label: 'Weight (grams)', kind: 'number', description: 'For delivery charges by weight' },
  payment_rule: {
    name: 'payment_rule',
    label: 'How it may be paid',
    kind: 'select',
    options: PRODUCT_PAYMENT_RULES.map((rule) => ({ value: rule, label: PRODUCT_PAYMENT_RULE_LABELS[rule] })),
    description: 'At checkout a cart follows its strictest product; online payment needs a gateway on in payment setup',
  },
  video_url: { name: 'video_url', label: 'Video link', kind: 'text', description: 'A YouTube or Facebook video, https://…' },
  seo_title: { name: 'seo_title', label: 'SEO title', kind: 'text', description: 'Up to 120 characters; the name when empty' },
  seo_description: { name: 'seo_description', label: 'SEO description', kind: 'textarea', description: 'Up to 320 characters' },
} satisfies Record<string, Field>;

/** The category chooser of a level: its options follow the level above. */
function categoryField(level: 1 | 2 | 3, parentId: number | null | undefined): Field {
  const [name, label, api] =
    level === 1
      ? (['category_id', 'Category', '/api/admin/categories'] as const)
      : level === 2
        ? (['subcategory_id', 'Subcategory', '/api/admin/subcategories'] as const)
        : (['sub_subcategory_id', 'Sub-subcategory', '/api/admin/sub-subcategories'] as const);
  if (level === 1) return { name, label, kind: 'reference', required: true, reference: { api, query: 'sort=name' } };
  return {
    name,
    label,
    kind: 'reference',
    description: parentId ? 'Optional' : level === 2 ? 'Choose a category first' : 'Choose a subcategory first',
    // Without a parent there is nothing to choose from.
    reference: parentId ? { api, query: `sort=name&filter[parent_id]=${parentId}` } : undefined,
  };
}

/** Every field the screen shows next to its input; other errors go to the summary at the top. */
const SHOWN = new Set([
  ...Object.keys(FIELDS),
  'category_id',
  'subcategory_id',
  'sub_subcategory_id',
  'description',
  'purchase_cost',
  'wholesale_price',
  'retail_price',
  'discount_price',
  'discount_starts_at',
  'discount_ends_at',
  'images',
  'main_index',
  'variants',
]);

/** `/admin/add/product` and `/admin/product/edit/{id}`: one form for a product with its pictures, variants and stock. */
export default function ProductForm({ entry, mode }: ResourceFormScreenProps) {
  const { id } = useParams();
  const phrase = usePhrase();
  const record = useQuery({
    queryKey: ['resource', API, 'one', id],
    queryFn: () => get<{ data: ProductDetail }>(`${API}/${id}`),
    enabled: mode === 'edit',
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{mode === 'add' ? phrase('Add product') : phrase('Edit product')}</Title>
          {record.data && (
            <Text c="dimmed">
              {record.data.data.name} · {record.data.data.sku}
            </Text>
          )}
        </div>
        <Button component={Link} to={listPath(entry)} variant="subtle">
          {phrase('Back to products')}
        </Button>
      </Group>
      {mode === 'edit' && record.error && (
        <Alert color="red" role="alert">
          {record.error.message}
        </Alert>
      )}
      {mode === 'edit' && record.isPending && <Skeleton h={480} radius="md" />}
      {(mode === 'add' || record.data) && (
        <ProductFormBody key={id ?? 'new'} listLink={listPath(entry)} id={id} record={record.data?.data} />
      )}
    </Stack>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

function ProductFormBody({ listLink, id, record }: { listLink: string; id?: string; record?: ProductDetail }) {
  const initial = useMemo(() => initialValues(record), [record]);
  const [initialOptions] = useState<ChosenOption[]>(() => optionsOf(record?.variants ?? []));
  const knownValues = useMemo(() => (record?.variants ?? []).flatMap((variant) => variant.values ?? []), [record]);
  const phrase = usePhrase();
  const number = useNumber();
  // A picture can be linked to one of the saved variants' option values (a colour): the product page shows it when chosen.
  const optionChoices = useMemo(
    () => [
      ...new Map(knownValues.map((value) => [value.id, { value: String(value.id), label: `${value.attribute}: ${value.value}` }])).values(),
    ],
    [knownValues],
  );
  const form = useZodForm(productInput, initial as unknown as ProductInput);
  const values = form.values as unknown as Values;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = useCan();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const canSave = allowed(id ? 'product.update' : 'product.create');
  const canAdjust = Boolean(id) && allowed('stock.adjust');

  // The latest stock (adjustments refresh the record while the form stays open).
  const latest = useQuery({
    queryKey: ['resource', API, 'one', id],
    queryFn: () => get<{ data: ProductDetail }>(`${API}/${id}`),
    enabled: Boolean(id),
  }).data?.data;
  const stockById = new Map((latest?.variants ?? []).map((variant) => [variant.id, variant.stock]));

  const set = (name: string, value: unknown) => form.setValue(name, value);
  const field = (definition: Field) => (
    <FieldInput
      field={definition}
      value={(values as Record<string, unknown>)[definition.name]}
      error={form.errors[definition.name]}
      onChange={(value) => set(definition.name, value)}
    />
  );

  // After a refused save, the first field at fault gets the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, after its errors show
  useEffect(() => {
    if (attempts === 0) return;
    requestAnimationFrame(() => {
      // The first field marked invalid, else the first error shown beside a part (variants, pictures);
      // never the summaries, which say how many and where.
      const inForm = formRef.current;
      const invalid =
        inForm?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        inForm?.querySelector<HTMLElement>('[role="alert"]:not([data-form-summary])');
      invalid?.scrollIntoView({ block: 'center' });
      if (invalid?.matches('input, textarea, [contenteditable]')) invalid.focus({ preventScroll: true });
    });
  }, [attempts, form.errors]);

  const save = form.onSubmit(async (_, input) => {
    const answer = id ? await put<{ message: string }>(`${API}/${id}`, input) : await post<{ message: string }>(API, input);
    await queryClient.invalidateQueries({ queryKey: ['resource', API] });
    toast.success(answer.message);
    navigate(listLink);
  });
  const submit = (event: FormEvent) => {
    setAttempts((count) => count + 1);
    return save(event);
  };

  // An error in the page's language (the contract's and the server's messages are English phrases).
  const shown = (message: string | undefined) => (message ? phrase(message) : undefined);
  const otherErrors = Object.entries(form.errors).filter(([key]) => !SHOWN.has(key.split('.')[0] ?? key));
  const errorCount = Object.keys(form.errors).length;
  // Allowed but probably a mistake (selling below cost): said under the price, never blocking the save.
  const warnings = new Map(priceWarnings(values).map((warning) => [warning.field, phrase(warning.message)]));
  const priceHint = (field: 'retail_price' | 'wholesale_price', description: string) => {
    const warning = warnings.get(field);
    return warning ? (
      <Text component="span" fz="xs" c="orange.9" fw={500}>
        {warning}
      </Text>
    ) : (
      phrase(description)
    );
  };

  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={id ? phrase('Edit product') : phrase('Add product')}>
        <Stack>
          {(form.formError || errorCount > 0) && (
            <Alert color="red" role="alert" data-form-summary title={form.formError ?? phrase('Some fields need attention')}>
              {errorCount > 0 && (
                <>
                  {errorCount === 1
                    ? phrase('One field is marked in red below.')
                    : phrase('{{n}} fields are marked in red below.', { n: number(errorCount) })}
                  {otherErrors.length > 0 && (
                    <List size="sm" mt={4}>
                      {otherErrors.map(([key, message]) => (
                        <List.Item key={key}>{phrase(message)}</List.Item>
                      ))}
                    </List>
                  )}
                </>
              )}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack>
                <Section title={phrase('Basic information')}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {field(FIELDS.name)}
                    {field(FIELDS.name_bn)}
                    <FieldInput
                      field={FIELDS.sku}
                      value={values.sku}
                      error={form.errors.sku}
                      onChange={(sku) => {
                        set('sku', sku);
                      }}
                    />
                    {field(FIELDS.slug)}
                    <FieldInput
                      field={categoryField(1, null)}
                      value={values.category_id}
                      error={form.errors.category_id}
                      onChange={(value) => {
                        if (value === values.category_id) return;
                        set('category_id', value);
                        set('subcategory_id', null);
                        set('sub_subcategory_id', null);
                      }}
                    />
                    <FieldInput
                      field={categoryField(2, values.category_id as number | null)}
                      value={values.subcategory_id}
                      error={form.errors.subcategory_id}
                      onChange={(value) => {
                        if (value === values.subcategory_id) return;
                        set('subcategory_id', value);
                        set('sub_subcategory_id', null);
                      }}
                    />
                    <FieldInput
                      field={categoryField(3, values.subcategory_id as number | null)}
                      value={values.sub_subcategory_id}
                      error={form.errors.sub_subcategory_id}
                      onChange={(value) => set('sub_subcategory_id', value)}
                    />
                    {field(FIELDS.brand_id)}
                    {allowed('merchant.view') && field(FIELDS.merchant_id)}
                    {allowed('merchant.view') && values.merchant_id ? field({ ...FIELDS.merchant_price, required: true }) : null}
                  </SimpleGrid>
                </Section>

                <Section title={phrase('Description')}>
                  <RichTextEditor
                    label={phrase('Description')}
                    description={phrase('What shoppers read on the product page: fabric, size guide, what is in the box.')}
                    value={String(values.description ?? '')}
                    error={shown(form.errors.description)}
                    onChange={(html) => set('description', html)}
                  />
                </Section>

                <Section title={phrase('Prices')}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <MoneyInput
                      label={phrase('Retail price')}
                      description={priceHint('retail_price', 'What shoppers pay')}
                      required
                      clampBehavior="none"
                      value={values.retail_price as number | null}
                      error={shown(form.errors.retail_price)}
                      onChange={(paisa) => set('retail_price', paisa)}
                    />
                    <MoneyInput
                      label={phrase('Wholesale price')}
                      description={priceHint('wholesale_price', 'What resellers pay; at most the retail price')}
                      required
                      clampBehavior="none"
                      value={values.wholesale_price as number | null}
                      error={shown(form.errors.wholesale_price)}
                      onChange={(paisa) => set('wholesale_price', paisa)}
                    />
                    <MoneyInput
                      label={phrase('Purchase cost')}
                      description={phrase('What the shop pays; for profit reports')}
                      clampBehavior="none"
                      value={values.purchase_cost as number | null}
                      error={shown(form.errors.purchase_cost)}
                      onChange={(paisa) => set('purchase_cost', paisa ?? 0)}
                    />
                    <MoneyInput
                      label={phrase('Discount price')}
                      description={phrase('Lower than the retail price; empty for none')}
                      clampBehavior="none"
                      value={values.discount_price as number | null}
                      error={shown(form.errors.discount_price)}
                      onChange={(paisa) => set('discount_price', paisa)}
                    />
                    <DateTimeField
                      label={phrase('Discount starts')}
                      description={phrase('Empty: from now')}
                      value={(values.discount_starts_at as string | null) ?? null}
                      error={shown(form.errors.discount_starts_at)}
                      onChange={(instant) => set('discount_starts_at', instant)}
                    />
                    <DateTimeField
                      label={phrase('Discount ends')}
                      description={phrase('Empty: until removed')}
                      value={(values.discount_ends_at as string | null) ?? null}
                      error={shown(form.errors.discount_ends_at)}
                      minDate={(values.discount_starts_at as string | null) ?? null}
                      onChange={(instant) => set('discount_ends_at', instant)}
                    />
                  </SimpleGrid>
                </Section>

                <Section title={phrase('Pictures')}>
                  <ImagesEditor
                    images={values.images}
                    onChange={(images) => set('images', images)}
                    error={form.errors.images}
                    mainError={form.errors.main_index}
                    errors={nestedErrors(form.errors, 'images')}
                    optionChoices={optionChoices}
                  />
                </Section>

                <Section
                  title={phrase('Variants and stock')}
                  aside={latest && <Text fz="sm">{phrase('Total stock: {{n}}', { n: number(latest.stock) })}</Text>}
                >
                  <VariantsEditor
                    rows={values.variants}
                    onChange={(rows) => set('variants', rows)}
                    productSku={String(values.sku ?? '')}
                    knownValues={knownValues}
                    initialOptions={initialOptions}
                    error={form.errors.variants}
                    errors={nestedErrors(form.errors, 'variants')}
                    onAdjust={canAdjust ? (row) => setAdjusting(row.id ?? null) : undefined}
                    stockOf={(variantId) => stockById.get(variantId)}
                  />
                </Section>

                {id && latest && (
                  <Section title={phrase('Stock movements')}>
                    <StockMovements productId={Number(id)} />
                  </Section>
                )}
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack>
                <Section title={phrase('Publishing')}>
                  <Stack gap="sm">
                    {field(FIELDS.status)}
                    {field(FIELDS.is_featured)}
                    {field(FIELDS.is_best_seller)}
                    {field(FIELDS.show_on_home)}
                  </Stack>
                </Section>
                <Section title={phrase('Stock and delivery')}>
                  <Stack gap="sm">
                    {field(FIELDS.low_stock_threshold)}
                    {field(FIELDS.weight_grams)}
                  </Stack>
                </Section>
                <Section title={phrase('Payment')}>{field(FIELDS.payment_rule)}</Section>
                <Section title={phrase('Video')}>{field(FIELDS.video_url)}</Section>
                <Section title={phrase('Search engines')}>
                  <Stack gap="sm">
                    {field(FIELDS.seo_title)}
                    {field(FIELDS.seo_description)}
                  </Stack>
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>

          <Group justify="flex-end" align="center">
            {(form.formError || errorCount > 0) && (
              <Text fz="sm" c="red.9" fw={500} role="status" data-form-summary>
                {errorCount > 1
                  ? phrase('Not saved: {{n}} fields need attention.', { n: number(errorCount) })
                  : errorCount === 1
                    ? phrase('Not saved: one field needs attention.')
                    : phrase('Not saved.')}
              </Text>
            )}
            <Button component={Link} to={listLink} variant="default">
              {phrase('Cancel')}
            </Button>
            {canSave && (
              <Button type="submit" loading={form.submitting}>
                {id ? phrase('Save changes') : phrase('Add product')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>

      {/* Outside the form: a dialog's submit must not bubble (through the portal) to the product's. */}
      {id && latest && (
        <AdjustStockDialog
          productId={Number(id)}
          variants={latest.variants.map((variant) => ({ id: variant.id, sku: variant.sku, label: variant.label, stock: variant.stock }))}
          variantId={adjusting}
          onClose={() => setAdjusting(null)}
        />
      )}
    </>
  );
}
