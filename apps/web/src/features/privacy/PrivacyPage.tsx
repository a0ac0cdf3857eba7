import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Section {
  title: string;
  paragraphs: string[];
}

/** The static privacy policy (spec 3 §2), reachable from the footer. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const sections = t('privacy.sections', { returnObjects: true }) as Section[];
  return (
    <Container size="md" py="md">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg" component="article">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {t('privacy.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('privacy.lastModified')}
            </Text>
          </Stack>
          <Text>{t('privacy.intro')}</Text>
          {Array.isArray(sections) &&
            sections.map((section) => (
              <Stack gap="xs" key={section.title} component="section">
                <Title order={2} fz="h4">
                  {section.title}
                </Title>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
                ))}
              </Stack>
            ))}
        </Stack>
      </Paper>
    </Container>
  );
}
