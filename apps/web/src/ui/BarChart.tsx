import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';
import { formatNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';

interface Point {
  date: string;
  value: number;
}

/** A small dependency-free bar chart; the same figures are in a table for screen readers. */
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
  const max = Math.max(1, ...points.map((point) => point.value));
  const width = 600;
  const height = 160;
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
        <line x1={0} x2={width} y1={height} y2={height} stroke="#c9ccd6" />
        {points.map((point, index) => {
          // A loss (a negative month) has no bar; its figure is in the caption and the table.
          const barHeight = (Math.max(0, point.value) / max) * (height - 10);
          return (
            <rect
              key={point.date}
              x={index * (barWidth + gap)}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              fill={color}
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
            highest: show(max),
          },
        )}
      </Text>
    </figure>
  );
}
