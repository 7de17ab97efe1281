import { z } from 'zod';
import type { ResourceDefinition } from './types';

/**
 * A list with no form, for a `readOnly` registry entry: its add and edit screens are never routed,
 * so it needs no contract and no fields.
 */
export function defineListResource(definition: Pick<ResourceDefinition, 'api' | 'list'>): ResourceDefinition {
  return { ...definition, contract: z.object({}), form: { fields: [] } };
}
