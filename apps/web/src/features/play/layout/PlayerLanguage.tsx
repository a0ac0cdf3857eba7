import { PLAYER_LANGUAGES, playerLanguageOf } from '@loci/domain';
import { Menu, NativeSelect } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { interfaceLanguages, pickLanguage } from '../../../i18n';

// The player's choice of its interface's language (docs/play.md "Languages"): in the lobby and in the game's
// menu, each language in its own name. The player's page speaks six (i18n/player.ts); a playtest in the console
// offers the console's two, English and Greek.

/** The languages this page speaks, in the player's order, each with its own name. */
function offered() {
  const spoken = new Set(interfaceLanguages());
  return PLAYER_LANGUAGES.filter(({ code }) => spoken.has(code));
}

function usePlayerLanguage() {
  const { t, i18n } = useTranslation();
  const current = playerLanguageOf(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  const pick = (language: string) => {
    if (language !== current) void pickLanguage(language);
  };
  return { t, current, pick };
}

/** A compact select of the interface's language, for the lobby's top corner. */
export function PlayerLanguageSelect() {
  const { t, current, pick } = usePlayerLanguage();
  return (
    <NativeSelect
      aria-label={t('play.menu.language')}
      size="xs"
      w={150}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={current}
      onChange={(event) => pick(event.currentTarget.value)}
    >
      {offered().map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * The game menu's section of languages: one item per language, the current one ticked and `aria-current` (Mantine's
 * items are `menuitem`s, which take no `aria-checked`).
 */
export function PlayerLanguageItems() {
  const { t, current, pick } = usePlayerLanguage();
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('play.menu.language')}</Menu.Label>
      {offered().map(({ code, name }) => (
        <Menu.Item
          key={code}
          aria-current={code === current ? 'true' : undefined}
          lang={code}
          leftSection={code === current ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
          onClick={() => pick(code)}
        >
          {name}
        </Menu.Item>
      ))}
    </>
  );
}
