import type { PublicAttribute, PublicVariantValue } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { usePhrase } from '../lib/phrases';

/** The value chosen in each attribute, by attribute name ("Size" → the id of "M"). */
export type OptionChoice = Record<string, number>;

interface PickableVariant {
  stock: number;
  values: PublicVariantValue[];
}

const fits = (variant: PickableVariant, choice: OptionChoice) =>
  Object.entries(choice).every(([attribute, id]) => variant.values.some((value) => value.attribute === attribute && value.id === id));

/**
 * The attributes and variants to pick from. Variants made without attribute values (only a label) are
 * offered as the values of one attribute named `name`, so they are chosen the same way.
 */
export function pickable<Variant extends PickableVariant & { id: number; label: string }>(
  attributes: PublicAttribute[],
  variants: Variant[],
  name: string,
): { attributes: PublicAttribute[]; variants: Variant[] } {
  if (attributes.length > 0 || variants.length <= 1) return { attributes, variants };
  return {
    attributes: [{ name, values: variants.map((variant) => ({ id: variant.id, value: variant.label, color_hex: null })) }],
    variants: variants.map((variant) => ({
      ...variant,
      values: [{ id: variant.id, attribute: name, value: variant.label, color_hex: null }],
    })),
  };
}

/** The variant every attribute's choice points at; none until each attribute has one. */
export function chosenVariant<Variant extends PickableVariant>(
  attributes: PublicAttribute[],
  variants: Variant[],
  choice: OptionChoice,
): Variant | undefined {
  if (attributes.length === 0) return variants.length === 1 ? variants[0] : undefined;
  if (!attributes.every((attribute) => choice[attribute.name] !== undefined)) return undefined;
  return variants.find((variant) => fits(variant, choice));
}

/** The attributes still to choose, in their order. */
export const unchosen = (attributes: PublicAttribute[], choice: OptionChoice) =>
  attributes.filter((attribute) => choice[attribute.name] === undefined);

/** The id of an attribute's group, for "choose a size" to move focus there. */
export const groupId = (prefix: string, attribute: string) => `${prefix}-${attribute.replace(/[^\w-]/g, '_')}`;

/**
 * The storefront's option picker, on the shop's product page and on a reseller's shop's.
 * One group of buttons per attribute (size, colour), nothing chosen to begin with: a size bought by
 * mistake comes back by courier. A value can be chosen when a variant in stock has it together with
 * what is chosen in the other groups; the others are marked (struck through, and said: out of stock,
 * or not made in that combination). Choosing a chosen value again clears it.
 */
export function VariantPicker({
  attributes,
  variants,
  choice,
  onChoose,
  idPrefix,
  missing = [],
}: {
  attributes: PublicAttribute[];
  variants: PickableVariant[];
  choice: OptionChoice;
  onChoose: (next: OptionChoice) => void;
  idPrefix: string;
  /** Attributes the shopper was asked to choose (after "Add to cart" without them): their groups say so. */
  missing?: string[];
}) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  return (
    <div className="s-stack" style={{ gap: 12 }}>
      {attributes.map((attribute) => {
        const others = Object.fromEntries(Object.entries(choice).filter(([name]) => name !== attribute.name));
        const chosen = attribute.values.find((value) => value.id === choice[attribute.name]);
        const id = groupId(idPrefix, attribute.name);
        const asked = missing.includes(attribute.name);
        return (
          <fieldset
            key={attribute.name}
            id={id}
            tabIndex={-1}
            className="s-filters"
            style={{ border: 0, padding: 0, margin: 0 }}
            aria-describedby={asked ? `${id}-error` : undefined}
            data-testid="option-group"
          >
            <legend style={{ fontWeight: 700, marginBottom: 6 }}>
              {attribute.name}
              {chosen && <span className="s-muted">: {chosen.value}</span>}
            </legend>
            <div className="s-chips">
              {attribute.values.map((value) => {
                const next = { ...others, [attribute.name]: value.id };
                const made = variants.filter((variant) => fits(variant, next));
                const available = made.some((variant) => variant.stock > 0);
                const pressed = choice[attribute.name] === value.id;
                const why = made.length === 0 ? phrase('Not available in this combination') : t('store.outOfStock');
                return (
                  <button
                    key={value.id}
                    type="button"
                    className="s-chip"
                    aria-pressed={pressed}
                    disabled={!available}
                    title={available ? undefined : why}
                    onClick={() => onChoose(pressed ? others : next)}
                  >
                    {value.color_hex && <span aria-hidden="true" className="s-swatch" style={{ background: value.color_hex }} />}
                    {value.value}
                    {!available && <span className="s-visually-hidden"> ({why})</span>}
                  </button>
                );
              })}
            </div>
            {asked && (
              <span id={`${id}-error`} className="s-field-error" role="alert">
                {phrase('Choose the {{name}}', { name: attribute.name })}
              </span>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
