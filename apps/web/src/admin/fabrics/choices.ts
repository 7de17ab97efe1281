import type { FabricChoice, FabricUnit } from '@haat/contracts';
import { getShopTimeZone } from '../../lib/shop-time-zone';

/** What the fabric forms choose from (`…/choices`): fabric suppliers, factories, fabrics with their stock. */
export interface FabricChoices {
  suppliers: FabricChoice[];
  factories: FabricChoice[];
  fabrics: (FabricChoice & { unit: FabricUnit; stock: number })[];
}

/** A choice's text in a select: its name, and its detail when it has one. */
export const choiceLabel = (choice: FabricChoice) => (choice.detail ? `${choice.name} — ${choice.detail}` : choice.name);

/** Today in the shop's calendar, as the date inputs want it. */
export const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: getShopTimeZone() });
