import { useTranslation } from 'react-i18next';
import { CityFields } from './CityFields';
import { type Bound, TextArea, TextField } from './fields';

/** The part of a checkout form `DeliveryDetails` fills in. */
export interface DeliveryForm {
  field(name: 'name' | 'phone' | 'address' | 'note'): Bound;
  setValue(name: string, value: unknown): void;
  errors: Record<string, string>;
  values: { city_id?: unknown; sub_city_id?: unknown };
}

/**
 * Name, mobile number, address, city and sub city (the delivery charge follows from them) and a
 * note: the delivery section of the shop's checkout and of a reseller's shop.
 */
export function DeliveryDetails({ form, headingId }: { form: DeliveryForm; headingId: string }) {
  const { t } = useTranslation();
  return (
    <section className="s-card s-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('store.deliveryDetails')}</h2>
      <TextField label={t('common.name')} field={form.field('name')} autoComplete="name" required />
      <TextField
        label={t('store.mobileNumber')}
        field={form.field('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={t('store.phoneHint')}
        required
      />
      <TextArea label={t('store.address')} field={form.field('address')} hint={t('store.addressHint')} required />
      <CityFields
        cityId={String(form.values.city_id ?? '')}
        subCityId={String(form.values.sub_city_id ?? '')}
        onChange={(city, subCity) => {
          form.setValue('city_id', city);
          form.setValue('sub_city_id', subCity);
        }}
        errors={{ city_id: form.errors.city_id, sub_city_id: form.errors.sub_city_id }}
      />
      <TextArea label={t('store.note')} field={form.field('note')} hint={t('store.noteHint')} />
    </section>
  );
}
