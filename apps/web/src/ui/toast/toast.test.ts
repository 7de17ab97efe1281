import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, closeToast, currentToasts, showToast, TOAST_DEFAULTS, TOAST_POSITIONS, TOAST_TYPES, toast } from './toast';

afterEach(() => clearToasts());

describe('toasts (seed §4, §9)', () => {
  it('uses the seed defaults', () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      timeout: 4000,
      progressbar: false,
      type: 'error',
      position: 'top-right',
      closeOnHover: false,
      classNames: ['animated', 'zoomInUp'],
    });
    showToast({ title: 'Hello' });
    expect(currentToasts()[0]).toMatchObject({ title: 'Hello', type: 'error', position: 'top-right', timeout: 4000 });
  });

  it('knows the four types and eight positions', () => {
    expect(TOAST_TYPES).toEqual(['success', 'info', 'warning', 'error']);
    expect(TOAST_POSITIONS).toEqual([
      'top-right',
      'bottom-right',
      'bottom-left',
      'top-left',
      'top-full-width',
      'bottom-full-width',
      'top-center',
      'bottom-center',
    ]);
  });

  it('skips a duplicate only with preventDuplicates, at the same position, with the same title and message', () => {
    expect(showToast({ title: 'Saved', msg: 'ok', preventDuplicates: true })).not.toBeNull();
    expect(showToast({ title: 'Saved', msg: 'ok', preventDuplicates: true })).toBeNull();
    expect(showToast({ title: 'Saved', msg: 'ok', preventDuplicates: true, position: 'bottom-left' })).not.toBeNull();
    expect(showToast({ title: 'Saved', msg: 'other', preventDuplicates: true })).not.toBeNull();
    expect(showToast({ title: 'Saved', msg: 'ok' })).not.toBeNull();
    expect(currentToasts()).toHaveLength(4);
  });

  it('closes by id and offers typed shortcuts', () => {
    const id = toast.success('Logout successfully ! you are back soon ');
    expect(currentToasts()[0]).toMatchObject({ type: 'success', title: 'Logout successfully ! you are back soon ' });
    closeToast(id as number);
    expect(currentToasts()).toHaveLength(0);
  });
});
