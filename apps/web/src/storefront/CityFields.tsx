import type { PublicCity, PublicSubCity } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storeQueries } from './api';
import { SelectField } from './fields';

/** A place's name in the page's language first, the other one after it: "Dhaka (ঢাকা)" / "ঢাকা (Dhaka)". */
function placeName(place: PublicCity | PublicSubCity, language: string): string {
  if (!place.name_bn) return place.name;
  return language === 'bn' ? `${place.name_bn} (${place.name})` : `${place.name} (${place.name_bn})`;
}

/** The city and sub city choosers of checkout and saved addresses (the delivery charge follows from them). */
export function CityFields({
  cityId,
  subCityId,
  onChange,
  errors,
}: {
  cityId: string;
  subCityId: string;
  onChange: (cityId: string, subCityId: string) => void;
  errors: { city_id?: string; sub_city_id?: string };
}) {
  const { t, i18n } = useTranslation();
  const cities = useQuery(storeQueries.cities);
  const subCities = useQuery({ ...storeQueries.subCities(Number(cityId)), enabled: Number(cityId) > 0 });
  return (
    <>
      <SelectField
        name="city_id"
        label={t('store.city')}
        required
        value={cityId}
        onChange={(value) => onChange(value, '')}
        placeholder={cities.isPending ? t('common.loading') : t('store.chooseCity')}
        options={(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: placeName(city, i18n.language) }))}
        error={errors.city_id ?? (cities.isError ? cities.error.message : undefined)}
      />
      <SelectField
        name="sub_city_id"
        label={t('store.subCity')}
        required
        value={subCityId}
        // Not disabled before a district is chosen: it can take the focus (from the checkout's error summary) and says
        // what to do first.
        onChange={(value) => onChange(cityId, value)}
        placeholder={cityId ? (subCities.isPending ? t('common.loading') : t('store.chooseSubCity')) : t('store.chooseCityFirst')}
        options={(subCities.data?.sub_cities ?? []).map((place) => ({ value: String(place.id), label: placeName(place, i18n.language) }))}
        error={errors.sub_city_id}
      />
    </>
  );
}
