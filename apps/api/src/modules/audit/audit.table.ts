import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Who changed what, and when: one row per change, written in the change's own transaction.
 * The actor (kind, id, name at the time) has no foreign key, so the history outlives a removed
 * person; kind `system` is start-up and background work.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** admin, reseller, merchant, customer or system (context.ts ActorKind). */
    actorKind: text('actor_kind').notNull().default('system'),
    actorId: integer('actor_id'),
    /** The actor's name when the change was made. */
    actorName: text('actor_name'),
    /** create, update, delete, or a verb of the module's own (status.change…). */
    action: text('action').notNull(),
    /** What kind of thing changed: setting, product, role… */
    entity: text('entity').notNull(),
    /** Which one: a row id, or a settings group's key. */
    entityId: text('entity_id'),
    /** Field → {before, after}; a secret field is only "changed". */
    changes: jsonb('changes').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt.desc()),
    index('audit_log_actor_idx').on(table.actorKind, table.actorId, table.createdAt.desc()),
  ],
);
