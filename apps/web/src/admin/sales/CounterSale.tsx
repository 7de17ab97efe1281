import { type CounterSaleDetail, counterSaleTotals } from '@haat/contracts';
import { Button, Card, Grid, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, post } from '../../lib/api';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { LineTable } from './pos/LineTable';
import { CustomerFields, fieldErrors, PaymentPanel, SaveErrors, TotalRow, usePosKeys, usePosPayments } from './pos/PaymentPanel';
import { ScanBox } from './pos/ScanBox';
import { useScanLines } from './pos/useScanLines';

/**
 * `/admin/sale/add`: the counter's point of sale. The scan box keeps the focus: a scanner types a
 * barcode and Enter, which adds the item (or one more of it); typed words show the matches. F2 pays,
 * Esc goes back to the scan box. After the sale, its receipt opens ready to print.
 */
export default function CounterSale() {
  const { phrase, money } = useOrderWords();
  const navigate = useNavigate();
  const scanRef = useRef<HTMLInputElement>(null);
  const cashRef = useRef<HTMLInputElement>(null);
  const scan = useScanLines();
  const pay = usePosPayments();
  const [discount, setDiscount] = useState(0);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const totals = counterSaleTotals({ discount, lines: scan.input, payments: pay.payments });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const answer = await post<{ data: CounterSaleDetail; message: string }>('/api/admin/sales/counter', {
        customer_name: customerName,
        customer_phone: customerPhone,
        discount,
        lines: scan.input,
        payments: pay.payments,
      });
      toast.success(phrase(answer.message));
      navigate(`/admin/sale/print/${answer.data.id}?paper=receipt&auto=1`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(fieldErrors(error.errors, phrase));
        toast.error(phrase(error.message));
      } else throw error;
    } finally {
      setSaving(false);
    }
  };

  usePosKeys(
    {
      F2: () => document.getElementById('counter-pay')?.click(),
      F4: () => cashRef.current?.focus(),
    },
    () => scanRef.current?.focus(),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('Counter sale')}
        </Title>
        <Text fz="sm" c="dimmed">
          {/* i18n-ignore: the keys are named as printed on the keyboard */}
          <Kbd>Enter</Kbd> {phrase('adds')} · <Kbd>F4</Kbd> {phrase('cash')} · <Kbd>F2</Kbd> {phrase('pay and print')} · <Kbd>Esc</Kbd>{' '}
          {phrase('back to the scan box')}
        </Text>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <ScanBox
              label={phrase('Scan or type a barcode, SKU or name')}
              inputRef={scanRef}
              onAdd={scan.add}
              showStock
              escapeFocus
              size="md"
            />
            <LineTable
              scan={scan}
              field="lines"
              errors={errors}
              empty={phrase('Scan an item to start the sale.')}
              showStock
              minWidth={640}
            />
            <CustomerFields name={customerName} phone={customerPhone} onName={setCustomerName} onPhone={setCustomerPhone} errors={errors} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text>{phrase('Subtotal')}</Text>
                <Text>{money(totals.subtotal)}</Text>
              </Group>
              <MoneyInput
                label={phrase('Discount on the sale')}
                value={discount}
                onChange={(paisa) => setDiscount(paisa ?? 0)}
                error={errors.discount}
              />
              <TotalRow label={phrase('Total')} amount={totals.total} strong />
              <PaymentPanel pay={pay} cashRef={cashRef} total={totals.total} totals={totals} errors={errors} />
              <SaveErrors title={phrase('The sale was not saved')} errors={errors} />
              <Button id="counter-pay" size="lg" onClick={() => void save()} loading={saving} disabled={scan.lines.length === 0}>
                {phrase('Pay and print receipt')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
