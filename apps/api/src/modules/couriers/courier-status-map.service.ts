import {
  COURIER_OUTCOMES,
  COURIER_PROVIDERS,
  COURIER_STATUS_MAP,
  type CourierOutcome,
  type CourierProviderCode,
  type CourierStatusOverrides,
  type CourierStatusRow,
  courierStatusOverridesInput,
  normalCourierStatus,
} from '@haat/contracts';
import { type Ctx, inTransaction } from '../../context';
import { recordAudit } from '../audit';
import { lockSettingRow, mergeIntoSettingRow, readSettingRow } from '../settings';

/** The settings row holding the shop's overrides of the courier status mapping, by provider. */
export const COURIER_STATUS_MAP_SETTING = 'courier_status_map';

function overridesOf(value: unknown): CourierStatusOverrides {
  const answer: CourierStatusOverrides = {};
  if (!value || typeof value !== 'object') return answer;
  for (const { code } of COURIER_PROVIDERS) {
    const entries = (value as Record<string, unknown>)[code];
    if (!entries || typeof entries !== 'object') continue;
    const kept: Record<string, CourierOutcome> = {};
    for (const [status, outcome] of Object.entries(entries as Record<string, unknown>)) {
      if ((COURIER_OUTCOMES as readonly unknown[]).includes(outcome)) kept[status] = outcome as CourierOutcome;
    }
    answer[code] = kept;
  }
  return answer;
}

/** The shop's overrides (none on a fresh shop). */
export async function courierStatusOverrides(ctx: Ctx): Promise<CourierStatusOverrides> {
  return overridesOf(await readSettingRow(ctx, COURIER_STATUS_MAP_SETTING));
}

/** Every known status of every courier with the outcome in force; statuses only the shop added come last. */
export async function courierStatusRows(ctx: Ctx): Promise<CourierStatusRow[]> {
  const overrides = await courierStatusOverrides(ctx);
  const rows: CourierStatusRow[] = [];
  for (const { code } of COURIER_PROVIDERS) {
    const own = overrides[code] ?? {};
    for (const entry of COURIER_STATUS_MAP[code]) {
      const chosen = own[entry.status];
      rows.push({
        ...entry,
        provider: code,
        default_outcome: entry.outcome,
        outcome: chosen ?? entry.outcome,
        overridden: Boolean(chosen),
      });
    }
    for (const [status, outcome] of Object.entries(own)) {
      if (COURIER_STATUS_MAP[code].some((entry) => entry.status === status)) continue;
      rows.push({ provider: code, status, label: status.replace(/_/g, ' '), outcome, default_outcome: 'review', overridden: true });
    }
  }
  return rows;
}

/**
 * `PUT /api/admin/courier/status-map/:provider`: the shop's outcomes for that courier's statuses.
 * An outcome equal to the table's is no override; the whole set replaces the last one. Audited.
 */
export async function updateCourierStatusOverrides(ctx: Ctx, provider: CourierProviderCode, body: unknown) {
  const input = courierStatusOverridesInput.parse(body ?? {});
  const next: Record<string, CourierOutcome> = {};
  for (const [status, outcome] of Object.entries(input.overrides)) {
    const normal = normalCourierStatus(status);
    const table = COURIER_STATUS_MAP[provider].find((entry) => entry.status === normal)?.outcome ?? 'review';
    if (outcome !== table) next[normal] = outcome;
  }
  await inTransaction(ctx, async (tx) => {
    const before = overridesOf(await lockSettingRow(tx, COURIER_STATUS_MAP_SETTING))[provider] ?? {};
    await mergeIntoSettingRow(tx, COURIER_STATUS_MAP_SETTING, { [provider]: next });
    if (JSON.stringify(before) !== JSON.stringify(next)) {
      await recordAudit(tx, {
        action: 'update',
        entity: 'setting',
        entityId: `${COURIER_STATUS_MAP_SETTING}.${provider}`,
        changes: { overrides: { before, after: next } },
      });
    }
  });
  return courierStatusRows(ctx);
}
