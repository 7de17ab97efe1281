import { type CustomerAddress, customerAddressInput } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { del, get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { useZodForm } from '../../ui/useZodForm';
import { CityFields } from '../CityFields';
import { FormAlert, TextArea, TextField } from '../fields';
import { Loading } from '../Loading';

const addressesQuery = {
  queryKey: ['store', 'account', 'addresses'],
  queryFn: () => get<{ addresses: CustomerAddress[] }>('/_public/account/addresses'),
};

function AddressForm({ address, onDone }: { address: CustomerAddress | null; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(customerAddressInput, {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    address: address?.address ?? '',
    city_id: address ? String(address.city_id) : '',
    sub_city_id: address ? String(address.sub_city_id) : '',
    is_default: address?.is_default ?? false,
  } as never);
  const values = form.values as Record<string, unknown>;
  const submit = form.onSubmit(async (_parsed, input) => {
    const answer = address
      ? await put<{ message: string }>(`/_public/account/addresses/${address.id}`, input)
      : await post<{ message: string }>('/_public/account/addresses', input);
    await queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
    onDone(answer.message);
  });
  return (
    <form onSubmit={submit} noValidate className="s-card s-stack">
      <h2>{address ? t('store.editAddress') : t('store.newAddress')}</h2>
      <FormAlert>{form.formError}</FormAlert>
      <TextField label={t('common.name')} field={form.field('name')} autoComplete="name" required />
      <TextField
        label={t('store.mobileNumber')}
        field={form.field('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
      />
      <TextArea label={t('store.address')} field={form.field('address')} hint={t('store.addressHint')} required />
      <CityFields
        cityId={String(values.city_id ?? '')}
        subCityId={String(values.sub_city_id ?? '')}
        onChange={(city, subCity) => {
          form.setValue('city_id', city);
          form.setValue('sub_city_id', subCity);
        }}
        errors={{ city_id: form.errors.city_id, sub_city_id: form.errors.sub_city_id }}
      />
      <label className="s-check">
        <input
          type="checkbox"
          checked={Boolean(values.is_default)}
          onChange={(event) => form.setValue('is_default', event.currentTarget.checked)}
        />
        {t('store.defaultAddress')}
      </label>
      <div className="s-row">
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="s-btn s-btn-secondary" onClick={() => onDone('')}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** `/account/addresses`: saved delivery addresses (checkout fills in the default one). */
export default function Addresses() {
  const { t } = useTranslation();
  const addresses = useQuery(addressesQuery);
  const [editing, setEditing] = useState<CustomerAddress | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (address: CustomerAddress) => {
    setError(null);
    try {
      const answer = await del<{ message: string }>(`/_public/account/addresses/${address.id}`);
      await queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
      setMessage(answer.message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const list = addresses.data?.addresses ?? [];
  return (
    <div className="s-stack">
      <div className="s-row s-between">
        <h1>{t('store.addresses')}</h1>
        {!editing && (
          <button type="button" className="s-btn s-btn-small" onClick={() => setEditing('new')}>
            {t('store.addAddress')}
          </button>
        )}
      </div>
      <FormAlert ok>{message}</FormAlert>
      <FormAlert>{error}</FormAlert>
      {editing && (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          address={editing === 'new' ? null : editing}
          onDone={(done) => {
            setEditing(null);
            setMessage(done || null);
          }}
        />
      )}
      {addresses.isPending && <Loading />}
      {addresses.data && list.length === 0 && !editing && <p className="s-muted">{t('store.noAddresses')}</p>}
      <ul className="s-lines">
        {list.map((address) => (
          <li key={address.id} className="s-card s-stack" style={{ gap: 4 }}>
            <div className="s-row s-between">
              <strong>{address.name}</strong>
              {address.is_default && <span className="s-status">{t('store.default')}</span>}
            </div>
            <p className="s-small">
              {address.phone} · {address.address}
              {address.sub_city_name && `, ${address.sub_city_name}`}
              {address.city_name && `, ${address.city_name}`}
            </p>
            <div className="s-row">
              <button type="button" className="s-btn s-btn-secondary s-btn-small" onClick={() => setEditing(address)}>
                {t('store.edit')}
                <span className="s-visually-hidden"> {address.address}</span>
              </button>
              <button type="button" className="s-btn s-btn-secondary s-btn-small" onClick={() => void remove(address)}>
                {t('store.remove')}
                <span className="s-visually-hidden"> {address.address}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
