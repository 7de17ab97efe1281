import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
});

/** The bars drawn: their top edge, height and colour, in order. */
function bars(markup: string) {
  return [...markup.matchAll(/<rect x="[^"]*" y="([^"]*)" width="[^"]*" height="([^"]*)" fill="([^"]*)"/g)].map((match) => ({
    y: Number(match[1]),
    height: Number(match[2]),
    fill: match[3],
  }));
}

describe('BarChart', () => {
  it('draws a loss below the zero line, in red, and names the real highest month', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <BarChart
          label="Profit per month"
          unit="month"
          points={[
            { date: '2026-01-01', value: 300 },
            { date: '2026-02-01', value: -100 },
          ]}
        />
      </MantineProvider>,
    );
    const [gain, loss] = bars(markup);
    const zero = Number(/<line x1="0" x2="600" y1="([^"]*)"/.exec(markup)?.[1]);
    expect(gain?.y).toBeLessThan(zero);
    expect((gain?.y ?? 0) + (gain?.height ?? 0)).toBeCloseTo(zero);
    expect(loss?.y).toBeCloseTo(zero);
    expect(loss?.height).toBeCloseTo((gain?.height ?? 0) / 3);
    expect(loss?.fill).toBe('#c92a2a');
    expect(gain?.fill).not.toBe('#c92a2a');
    expect(markup).toContain('highest month 300');
  });

  it('draws only losses when every month is a loss, the highest being the smallest loss', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <BarChart
          label="Profit per month"
          unit="month"
          points={[
            { date: '2026-01-01', value: -50 },
            { date: '2026-02-01', value: -200 },
          ]}
        />
      </MantineProvider>,
    );
    expect(bars(markup).every((bar) => bar.fill === '#c92a2a')).toBe(true);
    expect(markup).toContain('highest month -50');
  });
});
