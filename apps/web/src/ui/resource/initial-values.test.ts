import { describe, expect, it } from 'vitest';
import { initialValues } from './initial-values';
import type { Field } from './types';

const fields = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'usage_limit', label: 'Uses in all', kind: 'number', initial: '' },
  { name: 'per_customer_limit', label: 'Uses per customer', kind: 'number', initial: 1 },
  { name: 'sms_quota', label: 'SMS quota a month', kind: 'number' },
  { name: 'weight_grams', label: 'Weight', kind: 'number' },
] as Field[];

describe('a declared form’s starting values', () => {
  it('starts an add form from each field’s starting value', () => {
    expect(initialValues(fields)).toEqual({ name: '', usage_limit: '', per_customer_limit: 1, sms_quota: 0, weight_grams: 0 });
  });

  it('shows a record’s empty number as an empty box, so saving it unchanged keeps it empty', () => {
    const record = { name: 'EID10', usage_limit: null, per_customer_limit: null, sms_quota: null, weight_grams: 250 };
    expect(initialValues(fields, record)).toEqual({
      name: 'EID10',
      usage_limit: '',
      per_customer_limit: '',
      sms_quota: '',
      weight_grams: 250,
    });
  });

  it('keeps a record’s numbers, zero included', () => {
    expect(initialValues(fields, { name: 'X', usage_limit: 0, per_customer_limit: 3, sms_quota: 500, weight_grams: 0 })).toMatchObject({
      usage_limit: 0,
      per_customer_limit: 3,
      sms_quota: 500,
      weight_grams: 0,
    });
  });
});
