import {
  type CounterSaleDetail,
  exchangeTotals,
  type ReturnableSale,
  SALE_PAYMENT_METHOD_LABELS,
  SALE_PAYMENT_METHODS,
  type SalePaymentMethod,
} from '@haat/contracts';
import { Alert, Anchor, Button, Card, Grid, Group, Kbd, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { LineTable } from './pos/LineTable';
import { CustomerFields, fieldErrors, PaymentPanel, SaveErrors, TotalRow, usePosKeys, usePosPayments } from './pos/PaymentPanel';
import { itemName, ScanBox } from './pos/ScanBox';
import { useScanLines } from './pos/useScanLines';

/**
 * `/admin/sale/exchange/add` (decision 040): items coming back (from an earlier sale's number, at the
 * price they were sold for, or scanned) and items going out (scanned, at today's price); the
 * customer pays the difference, or the shop refunds it. Against a company sale the difference goes
 * to the buyer's account instead (what is paid now comes off it). Keyboard as the counter: F6 coming
 * back, F7 going out, F4 cash, F2 saves and prints, Esc closes the matches.
 */
export default function Exchange() {
  const { phrase, money, number } = useOrderWords();
  const navigate = useNavigate();
  const saleRef = useRef<HTMLInputElement>(null);
  const backRef = useRef<HTMLInputElement>(null);
  const outRef = useRef<HTMLInputElement>(null);
  const cashRef = useRef<HTMLInputElement>(null);
  const [saleNumber, setSaleNumber] = useState('');
  const [original, setOriginal] = useState<ReturnableSale | null>(null);
  const back = useScanLines();
  const out = useScanLines();
  const pay = usePosPayments();
  const [refundMethod, setRefundMethod] = useState<SalePaymentMethod>('cash');
  const [refundReference, setRefundReference] = useState('');
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const buyer = original?.buyer ?? null;
  const returns = back.lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity, unit_price: line.unit_price }));
  const preview = exchangeTotals({ returns, lines: out.input, payments: pay.payments, refunds: [] });
  const refunds = preview.refund > 0 && !buyer ? [{ method: refundMethod, amount: preview.refund, reference: refundReference }] : [];
  const totals = exchangeTotals({ returns, lines: out.input, payments: pay.payments, refunds });

  const loadSale = async () => {
    const id = Number(saleNumber.trim().replace(/^CS-?/i, ''));
    setErrors({});
    if (!Number.isInteger(id) || id <= 0) {
      setErrors({ return_of_sale_id: phrase('Enter a sale number like CS-000042') });
      return;
    }
    try {
      const answer = await get<{ data: ReturnableSale }>(`/api/admin/sales/exchange/returnable/${id}`);
      setOriginal(answer.data);
      back.setLines([]);
      if (answer.data.customer_name) setCustomerName(answer.data.customer_name);
      if (answer.data.customer_phone) setCustomerPhone(answer.data.customer_phone);
    } catch (error) {
      if (error instanceof ApiError) setErrors({ return_of_sale_id: phrase(error.message) });
      else throw error;
    }
  };

  const takeBack = (line: ReturnableSale['lines'][number], quantity: number) =>
    back.setLines((current) => {
      const rest = current.filter((item) => item.variant_id !== line.variant_id);
      if (quantity <= 0) return rest;
      return [...rest, { ...line, quantity: Math.min(quantity, line.returnable), discount: 0, max: line.returnable }];
    });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const answer = await post<{ data: CounterSaleDetail; message: string }>('/api/admin/sales/exchange', {
        return_of_sale_id: original?.id ?? null,
        customer_name: customerName,
        customer_phone: customerPhone,
        returns,
        lines: out.input,
        payments: totals.refund > 0 ? [] : pay.payments,
        refunds,
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
      F2: () => document.getElementById('exchange-save')?.click(),
      F4: () => cashRef.current?.focus(),
      F6: () => backRef.current?.focus(),
      F7: () => outRef.current?.focus(),
    },
    () => saleRef.current?.focus(),
  );

  const buyerLink = buyer
    ? buyer.type === 'company'
      ? `/admin/company/sale/details/${buyer.id}`
      : `/admin/supplier/purchase/from/us/${buyer.id}`
    : '';

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('Exchange at the counter')}
        </Title>
        <Text fz="sm" c="dimmed">
          {/* i18n-ignore: the keys are named as printed on the keyboard */}
          <Kbd>F6</Kbd> {phrase('coming back')} · <Kbd>F7</Kbd> {phrase('going out')} · <Kbd>F4</Kbd> {phrase('cash')} · <Kbd>F2</Kbd>{' '}
          {phrase('save and print')}
        </Text>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {phrase('Coming back')}
                </Title>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void loadSale();
                  }}
                >
                  <Group align="flex-end">
                    <TextInput
                      ref={saleRef}
                      label={phrase('Earlier sale number (optional)')}
                      value={saleNumber}
                      onChange={(event) => setSaleNumber(event.currentTarget.value)}
                      error={errors.return_of_sale_id}
                      autoComplete="off"
                    />
                    <Button type="submit" variant="light">
                      {phrase('Find the sale')}
                    </Button>
                    {original && (
                      <Button
                        variant="subtle"
                        onClick={() => {
                          setOriginal(null);
                          back.setLines([]);
                        }}
                      >
                        {phrase('Not from a known sale')}
                      </Button>
                    )}
                  </Group>
                </form>
                {buyer && (
                  <Alert color="blue" data-testid="exchange-buyer">
                    {phrase("A company sale: the difference goes to {{name}}'s account.", { name: buyer.name })}{' '}
                    <Anchor component={Link} to={buyerLink}>
                      {phrase('Statement')}
                    </Anchor>
                  </Alert>
                )}
                {original ? (
                  <TableScroll minWidth={560}>
                    <Table>
                      <Table.Caption>{phrase('Sale {{number}}: choose what comes back', { number: original.number })}</Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{phrase('Item')}</Table.Th>
                          <Table.Th ta="right">{phrase('Sold')}</Table.Th>
                          <Table.Th ta="right">{phrase('Came back')}</Table.Th>
                          <Table.Th>{phrase('Price')}</Table.Th>
                          <Table.Th>{phrase('Coming back')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {original.lines.map((line, index) => (
                          <Table.Tr key={line.variant_id}>
                            <Table.Td>{itemName(line)}</Table.Td>
                            <Table.Td ta="right">{number(line.sold)}</Table.Td>
                            <Table.Td ta="right">{number(line.returned)}</Table.Td>
                            <Table.Td>{money(line.unit_price)}</Table.Td>
                            <Table.Td miw={100}>
                              <NumberInput
                                aria-label={phrase('How many of {{name}} come back', { name: itemName(line) })}
                                min={0}
                                max={line.returnable}
                                disabled={line.returnable === 0}
                                value={back.lines.find((item) => item.variant_id === line.variant_id)?.quantity ?? 0}
                                onChange={(value) => takeBack(line, Number(value) || 0)}
                                error={errors[`returns.${back.lines.findIndex((item) => item.variant_id === line.variant_id)}.quantity`]}
                                data-index={index}
                              />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                    {original.discount > 0 && (
                      <Text fz="sm" c="dimmed" mt="xs">
                        {phrase('The sale’s discount of {{amount}} is shared over its lines by value.', {
                          amount: money(original.discount),
                        })}
                      </Text>
                    )}
                  </TableScroll>
                ) : (
                  <>
                    <ScanBox label={phrase('Scan or type an item coming back')} inputRef={backRef} onAdd={back.add} />
                    <LineTable scan={back} field="returns" errors={errors} empty={phrase('Nothing coming back yet.')} discount={false} />
                  </>
                )}
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {phrase('Going out')}
                </Title>
                <ScanBox label={phrase('Scan or type an item going out')} inputRef={outRef} onAdd={out.add} />
                <LineTable scan={out} field="lines" errors={errors} empty={phrase('Nothing going out yet.')} />
              </Stack>
            </Card>
            <CustomerFields name={customerName} phone={customerPhone} onName={setCustomerName} onPhone={setCustomerPhone} errors={errors} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack gap="sm">
              <TotalRow label={phrase('Coming back')} amount={totals.returned} />
              <TotalRow label={phrase('Going out')} amount={totals.out} />
              {totals.refund > 0 && buyer ? (
                <TotalRow label={phrase("Credit to the buyer's account")} amount={totals.refund} strong />
              ) : totals.refund > 0 ? (
                <>
                  <TotalRow label={phrase('Refund to the customer')} amount={totals.refund} strong />
                  <Select
                    label={phrase('Refund by')}
                    data={SALE_PAYMENT_METHODS.map((method) => ({ value: method, label: phrase(SALE_PAYMENT_METHOD_LABELS[method]) }))}
                    value={refundMethod}
                    allowDeselect={false}
                    onChange={(value) => setRefundMethod((value ?? 'cash') as SalePaymentMethod)}
                    error={errors.refunds}
                  />
                  {refundMethod !== 'cash' && (
                    <TextInput
                      label={phrase('Transaction id')}
                      value={refundReference}
                      onChange={(event) => setRefundReference(event.currentTarget.value)}
                      error={errors['refunds.0.reference']}
                    />
                  )}
                </>
              ) : (
                <>
                  <TotalRow label={phrase('To pay')} amount={totals.total} strong />
                  <PaymentPanel
                    pay={pay}
                    cashRef={cashRef}
                    total={totals.total}
                    totals={totals}
                    errors={errors}
                    showPaid={false}
                    changeLabel={buyer ? { short: phrase("On the buyer's account") } : undefined}
                  />
                </>
              )}
              <SaveErrors title={phrase('The exchange was not saved')} errors={errors} />
              <Button id="exchange-save" size="lg" onClick={() => void save()} loading={saving} disabled={back.lines.length === 0}>
                {phrase('Save exchange and print')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
