import { resellerOrderInput, sortOrderField, statusField, wholesaleTiersInput } from '@haat/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keepUnchanged, mostSpecificFirst, placeErrors, sameValue, translateMessage, valueAt, zodErrors, zodValidate } from './form-errors';
import messagesBn from './messages.phrases.bn';

describe('zodValidate: a contract’s issues as form errors', () => {
  const contract = z
    .object({
      name: z.string().min(2, 'Enter the name').max(5, 'Too long'),
      items: z.array(z.object({ quantity: z.number().min(1, 'Order at least 1') })).min(1, 'Add an item'),
    })
    .refine((value) => value.name !== 'admin', 'That name is taken');

  it('has no errors for valid values', () => {
    expect(zodValidate(contract)({ name: 'Rina', items: [{ quantity: 2 }] })).toEqual({});
  });

  it('puts each error at its dotted path, nested ones too', () => {
    expect(zodValidate(contract)({ name: 'R', items: [{ quantity: 1 }, { quantity: 0 }] })).toEqual({
      name: 'Enter the name',
      'items.1.quantity': 'Order at least 1',
    });
    expect(zodValidate(contract)({ name: 'Rina', items: [] })).toEqual({ items: 'Add an item' });
  });

  it('keeps the first message of a field', () => {
    const twice = z.object({ code: z.string().min(3, 'At least 3').regex(/^\d+$/, 'Digits only') });
    expect(zodValidate(twice)({ code: 'a' })).toEqual({ code: 'At least 3' });
  });

  it('puts a check of the whole form at the empty path', () => {
    expect(zodValidate(contract)({ name: 'admin', items: [{ quantity: 1 }] })).toEqual({ '': 'That name is taken' });
  });

  it('reads the shared contracts’ refinements at nested paths', () => {
    const tiers = zodValidate(wholesaleTiersInput)({
      tiers: [
        { min_quantity: 5, unit_price: 100 },
        { min_quantity: 5, unit_price: 90 },
      ],
    });
    expect(tiers).toEqual({ 'tiers.1.min_quantity': 'Each break needs its own quantity' });
    const order = resellerOrderInput.safeParse({ customer_name: '', lines: [{ variant_id: 3, quantity: 0, unit_price: 100 }] });
    expect(order.success).toBe(false);
    const errors = zodErrors(order.error?.issues ?? []);
    expect(errors['lines.0.quantity']).toBe('Order at least 1');
    expect(errors.customer_name).toBeTruthy();
  });
});

describe('where errors go', () => {
  it('reads a value by its dotted path', () => {
    const values = { items: [{ quantity: 2 }], name: 'Rina' };
    expect(valueAt(values, 'items.0.quantity')).toBe(2);
    expect(valueAt(values, 'items.3.quantity')).toBeUndefined();
    expect(valueAt(values, 'name.length.x')).toBeUndefined();
  });

  it('shows an error next to a field of the form, and above it when no field shows it', () => {
    const values = { name: '', items: [] };
    expect(
      placeErrors(
        { name: 'Enter the name', 'items.0.quantity': 'Order at least 1', _: 'Not now', status: 'Shipped', x: 'Not now' },
        values,
      ),
    ).toEqual({ fields: { name: 'Enter the name', 'items.0.quantity': 'Order at least 1' }, above: ['Not now', 'Shipped'] });
    expect(placeErrors({ '': 'That name is taken' }, values)).toEqual({ fields: {}, above: ['That name is taken'] });
  });

  it('compares values by content', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(true);
  });

  it('drops the errors whose value changed and keeps the others', () => {
    const errors = { name: 'Enter the name', 'items.0.quantity': 'Order at least 1', 'items.1.quantity': 'Too many' };
    const before = { name: '', items: [{ quantity: 0 }, { quantity: 99 }] };
    expect(keepUnchanged(errors, before, { ...before, name: 'R' })).toEqual({
      'items.0.quantity': 'Order at least 1',
      'items.1.quantity': 'Too many',
    });
    // A list replaced with one item changed: only that item's error goes.
    expect(keepUnchanged(errors, before, { ...before, items: [{ quantity: 1 }, { quantity: 99 }] })).toEqual({
      name: 'Enter the name',
      'items.1.quantity': 'Too many',
    });
    // Nothing changed: the same object, so nothing renders again.
    expect(keepUnchanged(errors, before, { ...before })).toBe(errors);
    // The form copies its values whole on every change: a list's own error stays while another field changes.
    const listError = { items: 'Add at most 2 items' };
    expect(keepUnchanged(listError, before, { ...structuredClone(before), name: 'R' })).toBe(listError);
    expect(keepUnchanged(listError, before, { ...before, items: [{ quantity: 0 }] })).toEqual({});
  });
});

describe('translateMessage: a contract’s message in the reader’s language', () => {
  const book: Record<string, string> = {
    'Enter a whole number': 'একটি পূর্ণ সংখ্যা লিখুন',
    'The {{label}} cannot be negative': '{{label}} ঋণাত্মক হতে পারে না',
    'The {{label}} must have at most {{max}} characters': '{{label}} সর্বোচ্চ {{max}} অক্ষরের হতে পারে',
    'retail price': 'খুচরা দাম',
    'brand name': 'ব্র্যান্ডের নাম',
  };
  const phrase = (text: string, values?: Record<string, string>) =>
    (book[text] ?? text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');
  const keys = Object.keys(book).filter((key) => key.includes('{{'));

  it('finds a whole message', () => {
    expect(translateMessage('Enter a whole number', phrase, keys, 'bn')).toBe('একটি পূর্ণ সংখ্যা লিখুন');
  });

  it('finds a message made from a template, with its words and numbers in Bengali', () => {
    expect(translateMessage('The retail price cannot be negative', phrase, keys, 'bn')).toBe('খুচরা দাম ঋণাত্মক হতে পারে না');
    expect(translateMessage('The brand name must have at most 120 characters', phrase, keys, 'bn')).toBe(
      'ব্র্যান্ডের নাম সর্বোচ্চ ১২০ অক্ষরের হতে পারে',
    );
  });

  it('leaves a message it does not know as it is', () => {
    expect(translateMessage('Only 3 left in stock', phrase, keys, 'bn')).toBe('Only 3 left in stock');
  });

  it('takes the most specific template: a counter’s words do not swallow a whole message', () => {
    const counter: Record<string, string> = { ...book, '{{n}} characters': '{{n}} অক্ষর' };
    const words = (text: string, values?: Record<string, string>) =>
      (counter[text] ?? text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');
    const templates = mostSpecificFirst(['{{n}} characters', ...keys]);
    expect(translateMessage('The brand name must have at most 120 characters', words, templates, 'bn')).toBe(
      'ব্র্যান্ডের নাম সর্বোচ্চ ১২০ অক্ষরের হতে পারে',
    );
  });
});

describe('checks written without a message: whole sentences with Bengali (contracts’ default-messages.ts)', () => {
  const phrase = (text: string, values?: Record<string, string>) =>
    (messagesBn[text] ?? text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');
  const keys = mostSpecificFirst(Object.keys(messagesBn).filter((key) => key.includes('{{')));
  const form = z.object({ sort_order: sortOrderField, status: statusField, note: z.string().max(300), tags: z.array(z.string()).max(2) });
  const valid = { sort_order: 0, status: 1, note: '', tags: [] };

  it('says what to enter instead of zod’s “Too small: expected number to be >=0”', () => {
    expect(zodValidate(form)({ ...valid, sort_order: -1 })).toEqual({ sort_order: 'Enter 0 or more' });
    expect(zodValidate(form)({ ...valid, sort_order: 2_000_000 })).toEqual({ sort_order: 'Enter 10,00,000 or less' });
    expect(zodValidate(form)({ ...valid, status: 0.5 })).toEqual({ status: 'Enter a whole number' });
    expect(zodValidate(form)({ ...valid, status: 'x' })).toEqual({ status: 'Enter a number' });
    expect(zodValidate(form)({ ...valid, note: 'a'.repeat(301) })).toEqual({ note: 'Use at most 300 characters' });
    expect(zodValidate(form)({ ...valid, tags: ['a', 'b', 'c'] })).toEqual({ tags: 'Choose at most 2' });
  });

  it('reads them in Bengali, numbers in Bengali digits', () => {
    expect(translateMessage('Enter 0 or more', phrase, keys, 'bn')).toBe('০ বা তার বেশি লিখুন');
    expect(translateMessage('Enter 10,00,000 or less', phrase, keys, 'bn')).toBe('১০,০০,০০০ বা তার কম লিখুন');
    expect(translateMessage('Enter a number', phrase, keys, 'bn')).toBe('একটি সংখ্যা লিখুন');
    expect(translateMessage('Choose at most 2', phrase, keys, 'bn')).toBe('সর্বোচ্চ ২টি বাছুন');
  });

  it('leaves a check’s own message as written', () => {
    const own = z.object({ quantity: z.number().min(1, 'Order at least 1') });
    expect(zodValidate(own)({ quantity: 0 })).toEqual({ quantity: 'Order at least 1' });
  });
});
