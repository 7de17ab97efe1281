import '@mantine/dates/styles.css';
import './date-fields.css';
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs, fromShopWallTime, toShopWallTime } from '../lib/dates';
import { usePhrase } from '../lib/phrases';

/**
 * The date pickers of seed §9: a 42-cell day grid (six whole weeks every month), the display format
 * of the user's locale, and minutes in steps of 1.
 */
function LocaleDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // lib/dates keeps dayjs on the chosen language's locale; the picker follows it.
  const locale = dayjs.locale() || i18n.language;
  // The week starts where the locale says (Sunday unless it says otherwise).
  const weekStart = ((dayjs.Ls[locale] as { weekStart?: number } | undefined)?.weekStart ?? 0) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  return <DatesProvider settings={{ locale, consistentWeeks: true, firstDayOfWeek: weekStart }}>{children}</DatesProvider>;
}

/** Whether the locale writes times with AM/PM. */
function uses12Hours(locale: string): boolean {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 ?? false;
}

interface DateTimeFieldProps {
  label: string;
  description?: string;
  error?: string;
  /** An instant (ISO 8601 with offset), shown in the shop's time zone; null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** An instant before which nothing can be picked. */
  minDate?: string | null;
}

/** A date and time, edited as the shop's wall-clock time and given back as an instant with its offset. */
export function DateTimeField({ label, description, error, value, onChange, minDate }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const phrase = usePhrase();
  const min = toShopWallTime(minDate);
  return (
    <LocaleDates>
      <DateTimePicker
        label={label}
        description={description}
        error={error}
        placeholder={phrase('Pick a date and time')}
        clearable
        valueFormat="L LT"
        value={toShopWallTime(value)}
        minDate={min ?? undefined}
        onChange={(next) => onChange(fromShopWallTime(next))}
        timePickerProps={{ minutesStep: 1, format: uses12Hours(i18n.language) ? '12h' : '24h' }}
        classNames={{ day: 'haat-day' }}
        submitButtonProps={{ 'aria-label': phrase('Use this date and time') }}
      />
    </LocaleDates>
  );
}

/** A range of days (`YYYY-MM-DD` each), in the locale's format. */
export function DateRangeField({
  label,
  value,
  onChange,
  maxDate,
}: {
  label: string;
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  maxDate?: string;
}) {
  return (
    <LocaleDates>
      <DatePickerInput
        type="range"
        label={label}
        valueFormat="L"
        value={value}
        onChange={(next) => onChange([next[0] ?? null, next[1] ?? null])}
        maxDate={maxDate}
        allowSingleDateInRange
        classNames={{ day: 'haat-day' }}
        w={280}
      />
    </LocaleDates>
  );
}
