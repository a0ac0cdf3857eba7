import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designApi, designQueryKeys } from '../../../api/design';
import { useGameFormContext } from './form-context';

/** A system name for the currency item made from the currency's name ('Gold coins' → 'gold-coins'). */
function currencySystemName(currencyName: string, taken: ReadonlySet<string>): string {
  const base =
    currencyName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'currency';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
  return name;
}

/**
 * The market's currency (spec 2 §3 `spec.market.currency`): one of the game's
 * items, picked here — or made here from the currency's name and icon. The
 * engine pays prices in it and the player shows it apart from the backpack.
 */
export function CurrencyItemField({ gameId, readOnly }: { gameId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const queryClient = useQueryClient();
  const items = useQuery({
    queryKey: designQueryKeys.workspace(gameId),
    queryFn: ({ signal }) => designApi.workspace(gameId, signal),
    select: (workspace) => workspace.items,
  });
  const create = useMutation({
    mutationFn: () => {
      const { currencyName, currencyIcon } = form.getValues();
      const title = currencyName.trim() || t('games.settings.general.currencyDefaultTitle');
      const taken = new Set((items.data ?? []).map((item) => item.name.toLowerCase()));
      return designApi.create(gameId, 'item', {
        name: currencySystemName(title, taken),
        title,
        logoId: currencyIcon,
        isCurrency: true,
      });
    },
    onSuccess: async (item) => {
      form.setFieldValue('currencyItemId', item.id);
      await queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });
    },
  });

  const data = (items.data ?? []).map((item) => ({ value: item.id, label: item.title || item.name }));
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          flex={1}
          label={t('games.settings.general.currencyItem')}
          description={t('games.settings.general.currencyItemHint')}
          placeholder={t('games.settings.general.currencyItemPlaceholder')}
          withAsterisk
          searchable
          nothingFoundMessage={t('games.settings.general.currencyItemNone')}
          disabled={readOnly}
          data={data}
          {...form.getInputProps('currencyItemId')}
        />
        {!readOnly && (
          <Button variant="light" loading={create.isPending} onClick={() => create.mutate()}>
            {t('games.settings.general.currencyItemCreate')}
          </Button>
        )}
      </Group>
      {create.isError && (
        <Text size="sm" c="red" role="alert">
          {create.error.message}
        </Text>
      )}
    </Stack>
  );
}
