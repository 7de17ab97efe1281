import type { AnyResourceDescriptor } from '@haat/contracts';
import { defineResource, type ResourceDeclaration, type ResourceDefinition } from './types';

/**
 * A list with no form, for a read-only descriptor: its add and edit screens are never routed, so it
 * needs no fields.
 */
export function defineListResource<D extends AnyResourceDescriptor>(
  descriptor: D,
  list: ResourceDeclaration<D>['list'],
): ResourceDefinition {
  return defineResource(descriptor, { list });
}
