import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartDots3, IconMap2, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHereAsReturn, withReturn } from '../../auth/return-path';
import { LociWordmark, OpenCultureFundLogo, StoryMapIllustration } from './logos';

const FEATURES = [
  { key: 'design', icon: IconRoute, color: 'teal' },
  { key: 'run', icon: IconMap2, color: 'blue' },
  { key: 'analyse', icon: IconChartDots3, color: 'orange' },
] as const;

/** What a visitor who is not signed in sees: the pitch, Sign in and Sign up, and who makes Loci. */
export function LandingPage() {
  const { t } = useTranslation();
  // Shown in place of a protected page: signing in comes back to that page.
  const here = useHereAsReturn();
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
              {t('landing.headline')}
            </Title>
            <Text fz="lg" c="dimmed">
              {t('landing.pitch')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={withReturn('/login', here)} size="md" variant="default">
                {t('nav.signIn')}
              </Button>
              <Button component={Link} to={withReturn('/register', here)} size="md">
                {t('nav.signUp')}
              </Button>
            </Group>
          </Stack>
          <Box maw={520} w="100%" mx="auto">
            <StoryMapIllustration label={t('landing.illustration')} />
          </Box>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map(({ key, icon: FeatureIcon, color }) => (
            <Card key={key} withBorder radius="md" padding="lg">
              <ThemeIcon variant="light" color={color} size={44} radius="md" mb="md">
                <FeatureIcon size={24} />
              </ThemeIcon>
              <Title order={2} fz="h4" mb={6}>
                {t(`landing.features.${key}.title`)}
              </Title>
              <Text c="dimmed" size="sm">
                {t(`landing.features.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Stack gap="md" align="center" pb="xl">
          <Text size="sm" c="dimmed" ta="center">
            {t('landing.supportedBy')}
          </Text>
          <Group gap={48} justify="center">
            <LociWordmark height={44} />
            <OpenCultureFundLogo height={44} />
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}
