import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
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

/**
 * The fields hiding an attribute or item clears (spec 2 §4); the market
 * fields are cleared too when the game has no market (they only show with one).
 */
export function applyHidden<
  T extends { hidden: boolean; redeemable: boolean; tradable: boolean; notifyOnChange: boolean },
>(values: T): T {
  return values.hidden ? { ...values, redeemable: false, tradable: false, notifyOnChange: false } : values;
}

/** Clears tradable, redeemable and price when the game has no market (`market === false`; unknown keeps them). */
export function applyMarket<T extends { redeemable: boolean; tradable: boolean; price: number | null }>(
  values: T,
  market: boolean | undefined,
): T {
  return market === false ? { ...values, redeemable: false, tradable: false, price: null } : values;
}

const attributeFields = z.object({
  name: nameText,
  title: titleText,
  notes: text,
  description: richText,
  logoId: mediaId,
  hidden: flag(false),
  notifyOnChange: flag(false),
  tradable: flag(false),
  redeemable: flag(false),
  price: numberOrEmpty,
});

/** An attribute's (skill's) form body. */
export interface AttributeValues {
  name: string;
  title: string;
  notes: string;
  description: string;
  logoId: string | null;
  hidden: boolean;
  notifyOnChange: boolean;
  tradable: boolean;
  redeemable: boolean;
  /** In the game's currency; only with a market. */
  price: number | null;
}
export type Attribute = AttributeValues & { id: string; gameId: string };

/** The schema of the attribute form body: title and logo required (spec 2 §5); hidden and market rules applied. */
export function attributeSchemaFor(context: DesignContext = {}) {
  return attributeFields
    .superRefine((attribute, ctx) => {
      const report = reporter(ctx);
      if (!attribute.name) report(['name'], DESIGN_MESSAGES.required);
      if (!attribute.title) report(['title'], DESIGN_MESSAGES.required);
      if (!attribute.logoId) report(['logoId'], DESIGN_MESSAGES.required);
      checkNumber(attribute.price, report, ['price'], { min: 0 });
    })
    .transform((attribute): AttributeValues =>
      applyMarket(applyHidden({ ...attribute, price: numberOrNull(attribute.price) }), context.market),
    );
}
export const attributeSchema = attributeSchemaFor();
export type AttributeInput = z.input<typeof attributeSchema>;

/** A new attribute for the create form. */
export function newAttributeDefaults(): AttributeValues {
  return {
    name: '',
    title: '',
    notes: '',
    description: '',
    logoId: null,
    hidden: false,
    notifyOnChange: false,
    tradable: false,
    redeemable: false,
    price: null,
  };
}
