/** Toasts with the options, defaults and rules of seed §4 and §9. */

export const TOAST_TYPES = ['success', 'info', 'warning', 'error'] as const;
export const TOAST_POSITIONS = [
  'top-right',
  'bottom-right',
  'bottom-left',
  'top-left',
  'top-full-width',
  'bottom-full-width',
  'top-center',
  'bottom-center',
] as const;

export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export interface ToastOptions {
  title?: string;
  msg?: string;
  type?: ToastType;
  position?: ToastPosition;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  timeout?: number;
  progressbar?: boolean;
  classNames?: string[];
  style?: Record<string, string | number>;
  name?: string;
  preventDuplicates?: boolean;
  /** When set, hovering pauses the countdown. */
  closeOnHover?: boolean;
  /** A click closes the toast unless this is false. */
  closeOnClick?: boolean;
}

export interface Toast extends Required<Omit<ToastOptions, 'style'>> {
  id: number;
  style: Record<string, string | number>;
}

export const TOAST_DEFAULTS = {
  title: '',
  msg: '',
  type: 'error',
  position: 'top-right',
  timeout: 4000,
  progressbar: false,
  classNames: ['animated', 'zoomInUp'],
  style: {},
  name: '',
  preventDuplicates: false,
  closeOnHover: false,
  closeOnClick: true,
} as const satisfies Omit<Toast, 'id' | 'classNames'> & { classNames: readonly string[] };

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

/** Shows a toast; returns its id, or null when skipped as a duplicate. */
export function showToast(options: ToastOptions): number | null {
  const toast: Toast = {
    ...TOAST_DEFAULTS,
    ...options,
    classNames: [...(options.classNames ?? TOAST_DEFAULTS.classNames)],
    style: { ...(options.style ?? {}) },
    id: nextId++,
  } as Toast;
  if (
    toast.preventDuplicates &&
    toasts.some((other) => other.position === toast.position && other.title === toast.title && other.msg === toast.msg)
  ) {
    return null;
  }
  toasts = [...toasts, toast];
  emit();
  return toast.id;
}

export function closeToast(id: number): void {
  const remaining = toasts.filter((toast) => toast.id !== id);
  if (remaining.length === toasts.length) return;
  toasts = remaining;
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

const typed =
  (type: ToastType) =>
  (title: string, msg = '', options: ToastOptions = {}) =>
    showToast({ ...options, title, msg, type });

/** `toast.success('Saved')`, `toast.error('Could not save', error.message)`… */
export const toast = Object.assign(showToast, {
  success: typed('success'),
  info: typed('info'),
  warning: typed('warning'),
  error: typed('error'),
});
