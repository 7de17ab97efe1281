import { PERMISSIONS } from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { permissionsChecked } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the permission list', () => {
  it('holds only permissions a route checks: the role screen grants nothing that guards nothing', () => {
    const checked = permissionsChecked();
    expect(checked.size).toBeGreaterThan(50);
    expect(PERMISSIONS.filter((permission) => !checked.has(permission))).toEqual([]);
  });

  it('has every permission a route checks', () => {
    const listed = new Set<string>(PERMISSIONS);
    expect([...permissionsChecked()].filter((permission) => !listed.has(permission))).toEqual([]);
  });
});
