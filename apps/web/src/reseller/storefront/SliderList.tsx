import type { ResellerShopSlider } from '@haat/contracts';
import { Anchor, Badge, Button, Card, Image, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { imageUrl } from '../../lib/image';
import { Loaded, PageHeading } from '../account/kit';
import { useShopText } from './i18n';

export const SLIDERS_KEY = ['reseller', 'shop', 'sliders'];

/** `/dropshipper/slider`: the slides of the reseller's shop home page, in their order. */
export default function SliderList() {
  const { t } = useShopText();
  const sliders = useQuery({ queryKey: SLIDERS_KEY, queryFn: () => get<{ data: ResellerShopSlider[] }>('/api/reseller/shop/sliders') });
  return (
    <>
      <PageHeading title={t('slidersTitle')}>
        <Button component={Link} to="/dropshipper/sliderAdd">
          {t('addSlider')}
        </Button>
      </PageHeading>
      <Loaded query={sliders}>
        {({ data }) =>
          data.length === 0 ? (
            <Text mt="md">{t('noSliders')}</Text>
          ) : (
            <Card withBorder mt="md" p={0}>
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('image')}</Table.Th>
                      <Table.Th>{t('title')}</Table.Th>
                      <Table.Th>{t('link')}</Table.Th>
                      <Table.Th>{t('sortOrder')}</Table.Th>
                      <Table.Th>{t('status')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.map((slide) => (
                      <Table.Tr key={slide.id}>
                        <Table.Td>
                          <Image
                            src={imageUrl(slide.image) ?? undefined}
                            alt={slide.title || t('image')}
                            w={120}
                            h={40}
                            fit="cover"
                            radius="sm"
                          />
                        </Table.Td>
                        <Table.Td>{slide.title || '—'}</Table.Td>
                        <Table.Td>
                          {slide.link ? (
                            <Anchor href={slide.link} target="_blank" fz="sm">
                              {slide.link}
                            </Anchor>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td>{slide.sort_order}</Table.Td>
                        <Table.Td>
                          <Badge color={slide.status === 1 ? 'green' : 'gray'} variant="light">
                            {slide.status === 1 ? t('active') : t('inactive')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Button component={Link} to={`/dropshipper/sliderEdit/${slide.id}`} size="xs" variant="light">
                            {t('edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </Loaded>
    </>
  );
}
