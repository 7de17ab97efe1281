import type { Field } from './types';

type Row = Record<string, unknown>;

/** The value a field of each kind starts with when the record has none. */
export const EMPTY: Record<Field['kind'], unknown> = {
  text: '',
  date: '',
  textarea: '',
  number: 0,
  money: null,
  switch: false,
  status: 1,
  select: null,
  reference: null,
  image: null,
  color: '',
  custom: null,
};

/**
 * Values for the form: each field from the record, or its starting value. A record's empty number (no
 * limit, the shop's default) is an empty box: never the add form's starting value or 0, which saving
 * the form unchanged would otherwise write.
 */
export function initialValues(fields: Field[], record?: Row): Row {
  return Object.fromEntries(
    fields.map((field) => {
      const value = record?.[field.name];
      if (record && field.name in record && value === null && field.kind === 'number') return [field.name, ''];
      return [field.name, value ?? field.initial ?? EMPTY[field.kind]];
    }),
  );
}
