import type { CounterItem } from '@haat/contracts';
import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { get } from '../../../lib/api';
import { useOrderWords } from '../../orders/order-ui';

export const itemName = (item: { product_name: string; variant_label: string }) =>
  item.variant_label ? `${item.product_name} (${item.variant_label})` : item.product_name;

/**
 * A point-of-sale scan box (the counter's and the exchange's): a scanner types a barcode and Enter,
 * which adds the exact barcode or SKU; typed words show the matches to choose from. Esc closes them
 * (and, with `escapeFocus`, brings the focus back here).
 */
export function ScanBox({
  label,
  inputRef,
  onAdd,
  showStock = false,
  escapeFocus = false,
  size,
}: {
  label: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onAdd: (item: CounterItem) => void;
  /** The counter shows each match's stock and refuses one out of stock. */
  showStock?: boolean;
  escapeFocus?: boolean;
  size?: 'md';
}) {
  const { phrase, money, number } = useOrderWords();
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<CounterItem[] | null>(null);
  const [message, setMessage] = useState('');
  const add = (item: CounterItem) => {
    onAdd(item);
    setMessage(phrase('Added: {{name}}', { name: itemName(item) }));
    setMatches(null);
    setCode('');
    inputRef.current?.focus();
  };
  const scan = async () => {
    const text = code.trim();
    if (!text) return;
    const answer = await get<{ exact: boolean; data: CounterItem[] }>(
      `/api/admin/sales/counter/items?${new URLSearchParams({ code: text })}`,
    );
    const [first] = answer.data;
    if ((answer.exact || answer.data.length === 1) && first) add(first);
    else {
      setMatches(answer.data);
      setMessage(
        answer.data.length
          ? phrase('{{n}} matches: choose one', { n: number(answer.data.length) })
          : phrase('Nothing matches “{{q}}”', { q: text }),
      );
    }
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMatches(null);
      if (escapeFocus) inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [escapeFocus, inputRef]);
  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void scan();
        }}
      >
        <TextInput
          ref={inputRef}
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          size={size}
        />
      </form>
      <Text fz="sm" role="status" aria-live="polite">
        {message}
      </Text>
      {matches && matches.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            {matches.map((item) => (
              <Button
                key={item.variant_id}
                variant="light"
                justify="space-between"
                onClick={() => add(item)}
                disabled={showStock && item.stock <= 0}
              >
                {itemName(item)} · {item.sku} · {money(item.unit_price)}
                {showStock && <> · {phrase('{{n}} in stock', { n: number(item.stock) })}</>}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
