import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { attributes, attributeValues } from './attribute.table';

/** Some attribute values by id, each with its attribute's name and sort order, its own order and colour (a variant's options). */
export async function attributeOptions(db: Db, valueIds: number[]) {
  if (valueIds.length === 0) return [];
  return db
    .select({
      id: attributeValues.id,
      attributeId: attributeValues.attributeId,
      attribute: attributes.name,
      value: attributeValues.value,
      colorHex: attributeValues.colorHex,
      attributeOrder: attributes.sortOrder,
      sortOrder: attributeValues.sortOrder,
    })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(inArray(attributeValues.id, valueIds));
}

/**
 * Attribute values with their attribute's name and order as a subquery named `alias`, for another
 * module to join on `id` and sort by `attributeOrder`, `attribute` (one statement).
 */
export function attributeOptionSubquery(alias: string) {
  return new QueryBuilder()
    .select({
      id: attributeValues.id,
      attributeId: attributeValues.attributeId,
      attribute: attributes.name,
      value: attributeValues.value,
      colorHex: attributeValues.colorHex,
      attributeOrder: attributes.sortOrder,
    })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .as(alias);
}
