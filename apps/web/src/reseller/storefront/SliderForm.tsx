import { type ResellerShopSlider, resellerShopSliderInput } from '@haat/contracts';
import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { ImageUpload, Loaded, PageHeading } from '../account/kit';
import { useShopText } from './i18n';
import { SLIDERS_KEY } from './SliderList';

/** `/dropshipper/sliderAdd` and `/dropshipper/sliderEdit/{id}`: a slide of the reseller's shop home page. */
export default function SliderForm() {
  const { t } = useShopText();
  const { id } = useParams();
  const slider = useQuery({
    queryKey: [...SLIDERS_KEY, id],
    queryFn: () => get<{ data: ResellerShopSlider }>(`/api/reseller/shop/sliders/${id}`),
    enabled: Boolean(id),
  });
  return (
    <Stack maw={860}>
      <PageHeading title={id ? t('editSlider') : t('addSlider')}>
        <Button component={Link} to="/dropshipper/slider" variant="default">
          {t('backSliders')}
        </Button>
      </PageHeading>
      {id ? <Loaded query={slider}>{({ data }) => <Form slide={data} />}</Loaded> : <Form slide={null} />}
    </Stack>
  );
}

function Form({ slide }: { slide: ResellerShopSlider | null }) {
  const { t } = useShopText();
  const navigate = useNavigate();
  const form = useZodForm(resellerShopSliderInput, {
    image: slide?.image ?? '',
    title: slide?.title ?? '',
    link: slide?.link ?? '',
    sort_order: slide?.sort_order ?? 0,
    status: slide?.status ?? 1,
  });
  const values = form.values as unknown as Record<string, string | number>;
  const save = form.onSubmit(async (_parsed, input) => {
    const answer = slide
      ? await put<{ data: ResellerShopSlider; message: string }>(`/api/reseller/shop/sliders/${slide.id}`, input)
      : await post<{ data: ResellerShopSlider; message: string }>('/api/reseller/shop/sliders', input);
    await queryClient.invalidateQueries({ queryKey: SLIDERS_KEY });
    toast.success(answer.message);
    navigate('/dropshipper/slider');
  });
  const text = (name: 'title' | 'link') => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: form.errors[name],
  });
  return (
    <Card withBorder>
      <form onSubmit={save} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <ImageUpload
            label={t('image')}
            value={values.image ? String(values.image) : null}
            onChange={(path) => form.setValue('image', path ?? '')}
            error={form.errors.image}
          />
          <Text fz="xs" c="dimmed">
            {t('imageHint')}
          </Text>
          <TextInput label={t('slideTitle')} {...text('title')} />
          <TextInput label={t('link')} description={t('linkHint')} {...text('link')} />
          <NumberInput
            label={t('sortOrder')}
            description={t('sortOrderHint')}
            min={0}
            allowDecimal={false}
            value={typeof values.sort_order === 'number' ? values.sort_order : ''}
            onChange={(next) => form.setValue('sort_order', next === '' ? 0 : Number(next))}
            error={form.errors.sort_order}
          />
          <Switch
            label={t('slideShown')}
            checked={Number(values.status) === 1}
            onChange={(event) => form.setValue('status', event.currentTarget.checked ? 1 : 0)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
