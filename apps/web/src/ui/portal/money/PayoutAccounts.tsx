import {
  bankAccountInput,
  MOBILE_BANKING_PROVIDERS,
  mobileBankingInput,
  PAYOUT_PROVIDER_LABELS,
  type PayoutAccount,
} from '@haat/contracts';
import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { del, post, put } from '../../../lib/api';
import { toast } from '../../toast/toast';
import { useZodForm } from '../../useZodForm';
import { usePortal } from '../portal-context';
import { moneyKey, moneyQueries, useMoneyText } from './money';

type Kind = 'bank' | 'mobile';
type Values = Record<string, string>;

const EMPTY: Record<Kind, Values> = {
  bank: { account_name: '', account_number: '', bank_name: '', branch_name: '', routing_number: '' },
  mobile: { provider: 'bkash', account_number: '', account_type: 'personal', account_name: '' },
};

function valuesOf(kind: Kind, account: PayoutAccount): Values {
  return kind === 'bank'
    ? {
        account_name: account.account_name,
        account_number: account.account_number,
        bank_name: account.bank_name,
        branch_name: account.branch_name,
        routing_number: account.routing_number,
      }
    : {
        provider: account.provider,
        account_number: account.account_number,
        account_type: account.account_type,
        account_name: account.account_name,
      };
}

function AccountForm({ kind, editing, onDone }: { kind: Kind; editing: PayoutAccount | null; onDone: () => void }) {
  const { t } = useMoneyText();
  const queryClient = useQueryClient();
  const form = useZodForm<z.ZodType, Values>(
    kind === 'bank' ? bankAccountInput : mobileBankingInput,
    editing ? valuesOf(kind, editing) : EMPTY[kind],
  );
  const values = form.values;
  const portal = usePortal();
  const api = `${portal.api}/${kind === 'bank' ? 'bank-accounts' : 'mobile-banking'}`;
  const text = (name: string, label: string, options: { required?: boolean; description?: string } = {}) => (
    <TextInput label={label} required={options.required} description={options.description} {...form.field(name)} />
  );
  const submit = form.onSubmit(async (_parsed, values) => {
    if (editing) await put(`${api}/${editing.id}`, values);
    else await post(api, values);
    await queryClient.invalidateQueries({ queryKey: moneyKey(portal) });
    toast.success(t('accounts.saved'));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {kind === 'bank' ? (
          <>
            {text('account_name', t('accounts.accountName'), { required: true })}
            {text('account_number', t('accounts.accountNumber'), { required: true })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('bank_name', t('accounts.bankName'), { required: true })}
              {text('branch_name', t('accounts.branchName'), { required: true })}
            </SimpleGrid>
            {text('routing_number', t('accounts.routingNumber'))}
          </>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('accounts.provider')}
                required
                allowDeselect={false}
                data={MOBILE_BANKING_PROVIDERS.map((provider) => ({ value: provider, label: PAYOUT_PROVIDER_LABELS[provider] }))}
                value={values.provider ?? 'bkash'}
                error={form.errors.provider}
                onChange={(value) => form.setValue('provider', value ?? 'bkash')}
              />
              <Select
                label={t('accounts.accountType')}
                required
                allowDeselect={false}
                data={[
                  { value: 'personal', label: t('accounts.personal') },
                  { value: 'agent', label: t('accounts.agent') },
                ]}
                value={values.account_type ?? 'personal'}
                error={form.errors.account_type}
                onChange={(value) => form.setValue('account_type', value ?? 'personal')}
              />
            </SimpleGrid>
            {text('account_number', t('accounts.mobileNumber'), { required: true, description: t('accounts.mobileHelp') })}
            {text('account_name', t('accounts.name'))}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('accounts.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('accounts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `…/bank/account` and `…/mobile/banking` of either portal: where withdrawals can be paid. */
export function PayoutAccounts({ kind }: { kind: Kind }) {
  const { t } = useMoneyText();
  const queryClient = useQueryClient();
  const portal = usePortal();
  const { data, error, isPending } = useQuery(moneyQueries.accounts(portal, kind));
  const [editing, setEditing] = useState<PayoutAccount | 'new' | null>(null);
  const api = `${portal.api}/${kind === 'bank' ? 'bank-accounts' : 'mobile-banking'}`;
  const title = kind === 'bank' ? t('accounts.bankTitle') : t('accounts.mobileTitle');
  const addLabel = kind === 'bank' ? t('accounts.addBank') : t('accounts.addMobile');

  const remove = async (account: PayoutAccount) => {
    if (!window.confirm(t('accounts.deleteConfirm', { label: account.label }))) return;
    try {
      await del(`${api}/${account.id}`);
      await queryClient.invalidateQueries({ queryKey: moneyKey(portal) });
      toast.success(t('accounts.deleted'));
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Stack maw={900}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{kind === 'bank' ? t('accounts.bankIntro') : t('accounts.mobileIntro')}</Text>
        </div>
        <Button onClick={() => setEditing('new')}>{addLabel}</Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {isPending && <Skeleton h={80} />}
      {data?.data.length === 0 && (
        <Card withBorder>
          <Text c="dimmed">{kind === 'bank' ? t('accounts.emptyBank') : t('accounts.emptyMobile')}</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {data?.data.map((account) => (
          <Card withBorder key={account.id}>
            <Text fw={700}>{kind === 'bank' ? account.bank_name : account.provider_label}</Text>
            <Text ff="monospace">{account.account_number}</Text>
            <Text fz="sm" c="dimmed">
              {kind === 'bank'
                ? `${account.account_name} · ${account.branch_name}${account.routing_number ? ` · ${account.routing_number}` : ''}`
                : [account.account_type === 'agent' ? t('accounts.agent') : t('accounts.personal'), account.account_name]
                    .filter(Boolean)
                    .join(' · ')}
            </Text>
            <Group mt="sm" gap="xs">
              <Button size="xs" variant="default" onClick={() => setEditing(account)} aria-label={`${t('accounts.edit')} ${account.label}`}>
                {t('accounts.edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void remove(account)}
                aria-label={`${t('accounts.delete')} ${account.label}`}
              >
                {t('accounts.delete')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? addLabel : t('accounts.edit')} size="lg">
        {editing !== null && <AccountForm kind={kind} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
