import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../i18n';

interface Props {
  i18nKey: string;
  values?: Record<string, unknown>;
  as?: 'title' | 'text';
}

/**
 * Account-recovery screens are read by people arriving from an email, in
 * either language: the text shows in the interface language, and below it,
 * quieter, in the other one (Greek and English).
 */
export function Bilingual({ i18nKey, values, as = 'text' }: Props) {
  const { t, i18n } = useTranslation();
  const primary = i18n.resolvedLanguage === 'el' ? 'el' : 'en';
  const secondary = primary === 'el' ? 'en' : 'el';
  // The other language's texts load with the first of these screens (the app's bundle has the English only).
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    void loadLanguage(secondary).then(() => live && setLoaded((count) => count + 1));
    return () => {
      live = false;
    };
  }, [secondary]);
  const first = t(i18nKey, { ...values, lng: primary });
  const second = t(i18nKey, { ...values, lng: secondary });
  if (as === 'title') {
    return (
      <Stack gap={2}>
        <Title order={2} fz="h3" lang={primary}>
          {first}
        </Title>
        {second !== first && (
          <Text c="dimmed" fw={500} lang={secondary}>
            {second}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text lang={primary}>{first}</Text>
      {second !== first && (
        <Text c="dimmed" size="sm" lang={secondary}>
          {second}
        </Text>
      )}
    </Stack>
  );
}
