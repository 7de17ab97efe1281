import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';
import { formatNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';

/** A bar below zero (a month's loss): red, 5.4:1 on white. */
const LOSS_COLOR = '#c92a2a';

interface Point {
  date: string;
  value: number;
}

/** A small dependency-free bar chart (losses below the zero line); the same figures are in a table for screen readers. */
export function BarChart({
  label,
  points,
  color = '#2b2e8c',
  format,
  unit = 'day',
}: {
  label: string;
  points: Point[];
  color?: string;
  /** How a value reads (money, for instance); plain numbers by default. */
  format?: (value: number) => string;
  /** What one bar is: a day (`YYYY-MM-DD` points) or a month (its first day). */
  unit?: 'day' | 'month';
}) {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const show = format ?? ((value: number) => formatNumber(value, i18n.language));
  const values = points.map((point) => point.value);
  // The scale spans the highest gain and the deepest loss: a loss is a bar below the zero line.
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = Math.max(1, top - bottom);
  const highest = values.length ? Math.max(...values) : 0;
  const width = 600;
  const height = 160;
  const plot = height - 10;
  const zero = 10 + (top / span) * plot;
  const gap = 2;
  const barWidth = points.length ? width / points.length - gap : 0;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const dateFormat = unit === 'month' ? 'MMM YYYY' : 'D MMM';
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        width="100%"
        role="img"
        aria-label={phrase('{{label}}: {{total}} in all', { label, total: show(total) })}
      >
        <line x1={0} x2={width} y1={zero} y2={zero} stroke="#c9ccd6" />
        {points.map((point, index) => {
          const barHeight = (Math.abs(point.value) / span) * plot;
          return (
            <rect
              key={point.date}
              x={index * (barWidth + gap)}
              y={point.value < 0 ? zero : zero - barHeight}
              width={barWidth}
              height={barHeight}
              fill={point.value < 0 ? LOSS_COLOR : color}
              rx={2}
            >
              <title>{`${formatDate(point.date, dateFormat)}: ${show(point.value)}`}</title>
            </rect>
          );
        })}
        {points.length > 0 && (
          <>
            <text x={0} y={height + 16} fontSize={11} fill="#5c5f66">
              {formatDate(points[0]?.date ?? '', dateFormat)}
            </text>
            <text x={width} y={height + 16} fontSize={11} fill="#5c5f66" textAnchor="end">
              {formatDate(points[points.length - 1]?.date ?? '', dateFormat)}
            </text>
          </>
        )}
      </svg>
      <Text component="figcaption" fz="xs" c="dimmed">
        {phrase(
          unit === 'month' ? '{{total}} in {{n}} months · highest month {{highest}}' : '{{total}} in {{n}} days · highest day {{highest}}',
          {
            total: show(total),
            n: formatNumber(points.length, i18n.language),
            highest: show(highest),
          },
        )}
      </Text>
    </figure>
  );
}
