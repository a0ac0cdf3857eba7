import { ActionIcon, Anchor, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const ABOUT_URL = 'https://github.com/loci-games/loci#readme';

export function AppFooter({ onHide }: { onHide: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed" visibleFrom="xs">
          © {new Date().getFullYear()} Loci
        </Text>
        <Anchor href={ABOUT_URL} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
          {t('footer.about')}
        </Anchor>
        <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label={t('footer.language')}
          value={i18n.resolvedLanguage === 'el' ? 'el' : 'en'}
          onChange={(language) => void i18n.changeLanguage(language)}
          data={[
            { value: 'en', label: 'EN' },
            { value: 'el', label: 'ΕΛ' },
          ]}
        />
        <Tooltip label={t('footer.hide')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('footer.hide')} onClick={onHide}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
