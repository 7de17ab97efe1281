import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { imageUrl } from '../../lib/image';
import { accountQueries } from './api';
import { InfoTable } from './Information';
import { Loaded, PageHeading, useText } from './kit';

/** `/dropshipper/profile`: who the reseller is, with a way to edit it. */
export default function Profile() {
  const { t } = useText();
  const information = useQuery(accountQueries.information());
  return (
    <Stack maw={760}>
      <PageHeading title={t('profileTitle', 'My profile')}>
        <Button component={Link} to="/dropshipper/profile/edit">
          {t('editProfile', 'Edit profile')}
        </Button>
      </PageHeading>
      <Loaded query={information}>
        {(data) => (
          <Card withBorder>
            <Group mb="md">
              <Avatar src={imageUrl(data.image)} alt={data.image ? data.name : undefined} size={88} radius="50%">
                {data.name.slice(0, 1)}
              </Avatar>
              <div>
                <Title order={2} fz="h3">
                  {data.name}
                </Title>
                <Text c="dimmed">{data.shop_name}</Text>
              </div>
            </Group>
            <InfoTable
              rows={[
                [t('mobileNumber', 'Mobile number'), data.phone],
                [t('email', 'Email'), data.email ?? ''],
                [t('address', 'Address'), data.address],
                [t('about', 'About me and my shop'), data.about],
              ]}
            />
          </Card>
        )}
      </Loaded>
    </Stack>
  );
}
