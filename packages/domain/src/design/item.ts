import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { applyHidden, applyMarket } from './attribute.js';
import {
  checkNumber,
  flag,
  mediaId,
  numberOrEmpty,
  numberOrNull,
  reporter,
  richText,
  text,
  type DesignContext,
  nameText,
  titleText,
} from './fields.js';

const itemFields = z.object({
  name: nameText,
  title: titleText,
  notes: text,
  description: richText,
  logoId: mediaId,
  tradable: flag(false),
  redeemable: flag(false),
  price: numberOrEmpty,
  hidden: flag(false),
  notifyOnChange: flag(false),
  limited: flag(false),
  maxItems: numberOrEmpty,
  isCurrency: flag(false),
});

/** An item's form body. A currency item (`isCurrency`) is the game's money and is listed apart. */
export interface ItemValues {
  name: string;
  title: string;
  notes: string;
  description: string;
  logoId: string | null;
  tradable: boolean;
  redeemable: boolean;
  /** In the game's currency; only with a market. */
  price: number | null;
  hidden: boolean;
  notifyOnChange: boolean;
  limited: boolean;
  /** The most a player may hold; set when `limited`. */
  maxItems: number | null;
  isCurrency: boolean;
}
export type Item = ItemValues & { id: string; gameId: string };

/** The schema of the item form body: title; maxItems ≥ 1 when limited (spec 2 §5); hidden and market rules applied. */
export function itemSchemaFor(context: DesignContext = {}) {
  return itemFields
    .superRefine((item, ctx) => {
      const report = reporter(ctx);
      if (!item.name) report(['name'], DESIGN_MESSAGES.required);
      if (!item.title) report(['title'], DESIGN_MESSAGES.required);
      checkNumber(item.price, report, ['price'], { min: 0 });
      if (item.limited) {
        const max = item.maxItems;
        if (max === null || Number.isNaN(max) || max < 1) report(['maxItems'], DESIGN_MESSAGES.maxItemsRequired);
        else if (!Number.isInteger(max)) report(['maxItems'], DESIGN_MESSAGES.wholeNumber);
      }
    })
    .transform((item): ItemValues =>
      applyMarket(
        applyHidden({
          ...item,
          price: numberOrNull(item.price),
          maxItems: item.limited ? numberOrNull(item.maxItems) : null,
        }),
        context.market,
      ),
    );
}
export const itemSchema = itemSchemaFor();
export type ItemInput = z.input<typeof itemSchema>;

/** A new item for the create form (not hidden, not limited). */
export function newItemDefaults(): ItemValues {
  return {
    name: '',
    title: '',
    notes: '',
    description: '',
    logoId: null,
    tradable: false,
    redeemable: false,
    price: null,
    hidden: false,
    notifyOnChange: false,
    limited: false,
    maxItems: null,
    isCurrency: false,
  };
}
