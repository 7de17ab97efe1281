import { resellerShopSliderInput } from '@haat/contracts';
import { Anchor, Image, Stack, Text } from '@mantine/core';
import { imageUrl } from '../../lib/image';
import type { DeclaredResource } from '../../ui/resource/declared-routes';
import type { FieldProps } from '../../ui/resource/types';
import { ImageUpload } from '../account/kit';
import { useShopText } from './i18n';

/** `/dropshipper/slider`: the slides at the top of the reseller's shop home page, in their order. */
export default function useSliderResource(): DeclaredResource {
  const { t } = useShopText();
  return {
    title: t('slidersTitle'),
    singular: t('slide'),
    resource: {
      api: '/api/reseller/shop/sliders',
      contract: resellerShopSliderInput,
      list: {
        columns: [
          {
            key: 'image',
            label: t('image'),
            render: ({ image, title }) => (
              <Image src={imageUrl(String(image)) ?? undefined} alt={String(title) || t('image')} w={120} h={40} fit="cover" radius="sm" />
            ),
          },
          { key: 'title', label: t('slideTitle'), sort: 'title', link: true },
          {
            key: 'link',
            label: t('link'),
            render: ({ link }) =>
              link ? (
                <Anchor href={String(link)} target="_blank" fz="sm">
                  {String(link)}
                </Anchor>
              ) : (
                '—'
              ),
          },
          { key: 'sort_order', label: t('sortOrder'), sort: 'sort_order', kind: 'number' },
          { key: 'status', label: t('status'), kind: 'status', statusLabels: { on: t('active'), off: t('inactive') } },
        ],
        defaultSort: 'sort_order',
        empty: t('noSliders'),
      },
      form: {
        fields: [
          { name: 'image', label: t('image'), description: t('imageHint'), kind: 'custom', component: Picture, initial: '' },
          { name: 'title', label: t('slideTitle'), kind: 'text' },
          { name: 'link', label: t('link'), description: t('linkHint'), kind: 'text' },
          { name: 'sort_order', label: t('sortOrder'), description: t('sortOrderHint'), kind: 'number', half: true },
          { name: 'status', label: t('slideShown'), kind: 'switch', initial: true },
        ],
      },
    },
  };
}

/** The slide's picture, uploaded to the reseller's own folder. */
function Picture({ field, value, error, onChange }: FieldProps) {
  return (
    <Stack gap={4}>
      <ImageUpload label={field.label} value={value ? String(value) : null} onChange={(path) => onChange(path ?? '')} error={error} />
      <Text fz="xs" c="dimmed">
        {field.description}
      </Text>
    </Stack>
  );
}
