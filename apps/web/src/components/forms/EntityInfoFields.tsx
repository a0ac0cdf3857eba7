import { NumberInput, Switch } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerField } from '../../features/media';
import { RichTextEditor } from '../RichTextEditor';

// The blocks that items and attributes (skills) share: what the player sees of
// them, and whether and how they show and trade (spec 2 §3–5).

export interface DescriptionLogoFieldsProps {
  gameId: string;
  description: string;
  logoId: string | null;
  onDescriptionChange: (html: string) => void;
  onLogoChange: (id: string | null) => void;
  errors: Record<string, ReactNode>;
  logoLabel: string;
  logoRequired?: boolean;
  readOnly: boolean;
}

/** The description (rich text) and the logo (a media of the game). */
export function DescriptionLogoFields({
  gameId,
  description,
  logoId,
  onDescriptionChange,
  onLogoChange,
  errors,
  logoLabel,
  logoRequired,
  readOnly,
}: DescriptionLogoFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RichTextEditor
        label={t('design.description')}
        value={description}
        onChange={onDescriptionChange}
        error={errors.description}
        readOnly={readOnly}
        minHeight={120}
      />
      <MediaPickerField
        label={logoLabel}
        gameId={gameId}
        value={logoId}
        onChange={onLogoChange}
        error={errors.logoId}
        withAsterisk={logoRequired}
        disabled={readOnly}
      />
    </>
  );
}

type MarketSwitch = 'notifyOnChange' | 'tradable' | 'redeemable';

export interface HiddenMarketFieldsProps {
  hidden: boolean;
  /** Hiding clears what a hidden one cannot have (the domain's applyHidden). */
  onHiddenChange: (hidden: boolean) => void;
  /** The game has a market: tradable, redeemable and price show. */
  market: boolean;
  /** The game's currency, in the price's label. */
  currency: string;
  switchProps: (field: MarketSwitch) => GetInputPropsReturnType;
  priceProps: GetInputPropsReturnType;
}

/** Hidden; notify on change unless hidden; tradable, redeemable and price with a market unless hidden. */
export function HiddenMarketFields({
  hidden,
  onHiddenChange,
  market,
  currency,
  switchProps,
  priceProps,
}: HiddenMarketFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Switch
        label={t('design.items.hidden')}
        description={t('design.items.hiddenHint')}
        checked={hidden}
        onChange={(event) => onHiddenChange(event.currentTarget.checked)}
      />
      {!hidden && <Switch label={t('design.items.notifyOnChange')} {...switchProps('notifyOnChange')} />}
      {market && !hidden && (
        <>
          <Switch label={t('design.items.tradable')} {...switchProps('tradable')} />
          <Switch label={t('design.items.redeemable')} {...switchProps('redeemable')} />
          <NumberInput
            label={t('design.items.price', { currency })}
            min={0}
            allowNegative={false}
            maw={240}
            {...priceProps}
          />
        </>
      )}
    </>
  );
}
