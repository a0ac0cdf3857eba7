import type { DashboardStats } from '@loci/domain';
import { Anchor, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconDeviceGamepad2,
  IconPencil,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
  IconWorldUpload,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { useDashboardStats } from './queries';

const CARDS: { key: keyof DashboardStats; icon: Icon; color: string }[] = [
  { key: 'games', icon: IconDeviceGamepad2, color: 'teal' },
  { key: 'publishedGames', icon: IconWorldUpload, color: 'blue' },
  { key: 'users', icon: IconUsers, color: 'indigo' },
  { key: 'designers', icon: IconPencil, color: 'grape' },
  { key: 'gamesPlayed', icon: IconChartBar, color: 'cyan' },
  { key: 'playersPlayed', icon: IconUsersGroup, color: 'orange' },
  { key: 'roleRequests', icon: IconUserCheck, color: 'red' },
];

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { data, error, isPending } = useDashboardStats();

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {t('admin.dashboard.title')}
          </Title>
          <Text c="dimmed">{t('admin.dashboard.subtitle')}</Text>
        </Stack>
        {error && <GeneralErrorBox error={error} />}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {CARDS.map(({ key, icon: CardIcon, color }) => (
            <Card key={key} withBorder radius="md" padding="lg" aria-label={t(`admin.stats.${key}`)} role="group">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Text size="xs" tt="uppercase" fw={600} c="dimmed">
                    {t(`admin.stats.${key}`)}
                  </Text>
                  {isPending ? (
                    <Skeleton h={32} w={60} />
                  ) : (
                    <Text fz={32} fw={700} lh={1.1}>
                      {data?.[key] ?? '—'}
                    </Text>
                  )}
                </Stack>
                <ThemeIcon variant="light" color={color} size={40} radius="md">
                  <CardIcon size={22} />
                </ThemeIcon>
              </Group>
              {key === 'roleRequests' && (
                <Anchor component={Link} to="/admin/role-requests" size="sm" mt="sm">
                  {t('admin.dashboard.reviewRequests')}
                </Anchor>
              )}
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
