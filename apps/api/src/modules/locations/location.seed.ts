import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DELIVERY_CHARGES } from '@haat/contracts';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { API_ROOT } from '../../paths';
import { deliveryCharges } from './delivery-charge.table';
import { cities, subCities } from './location.table';

const DATA = path.join(API_ROOT, 'src/modules/locations/data');

/** The source's CSV: every field quoted, `""` inside a field for a quote, no header. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const fields: string[] = [];
    const pattern = /"((?:[^"]|"")*)"|([^,]*)/y;
    let at = 0;
    while (at <= line.length) {
      pattern.lastIndex = at;
      const match = pattern.exec(line);
      if (!match) break;
      fields.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ''));
      at = pattern.lastIndex + 1;
    }
    // NFC, as names typed in the back office are kept (see the contracts' bengaliName).
    rows.push(fields.map((field) => field.trim().normalize('NFC')));
  }
  return rows;
}

function readCsv(name: string): string[][] {
  return parseCsv(fs.readFileSync(path.join(DATA, name), 'utf8'));
}

/**
 * English names in the source that are misspelt, run together or spelt the old way, by
 * `<file>:<id>` (current official spellings: Chattogram, Barishal, Bogura, Jashore, Cumilla).
 */
export const SPELLING: Record<string, string> = {
  'divisions:1': 'Chattogram',
  'divisions:4': 'Barishal',
  'districts:9': "Cox's Bazar",
  'districts:33': 'Barishal',
  'upazilas:11': 'Cumilla Sadar',
  'upazilas:13': 'Manoharganj',
  'upazilas:14': 'Cumilla Sadar Dakshin',
  'upazilas:49': 'Senbagh',
  'upazilas:51': 'Sonaimuri',
  'upazilas:59': 'Faridganj',
  'upazilas:80': "Cox's Bazar Sadar",
  'upazilas:84': 'Maheshkhali',
  'upazilas:91': 'Lakshmichhari',
  'upazilas:108': 'Raiganj',
  'upazilas:118': 'Atgharia',
  'upazilas:123': 'Bogura Sadar',
  'upazilas:128': 'Nandigram',
  'upazilas:156': 'Gomastapur',
  'upazilas:175': 'Jhikargachha',
  'upazilas:177': 'Jashore Sadar',
  'upazilas:206': 'Paikgachha',
  'upazilas:207': 'Phultala',
  'upazilas:208': 'Dighalia',
  'upazilas:212': 'Batiaghata',
  'upazilas:229': 'Maheshpur',
  'upazilas:249': 'Barishal Sadar',
  'upazilas:260': 'Borhanuddin',
  'upazilas:261': 'Char Fasson',
  'upazilas:262': 'Daulatkhan',
  'upazilas:283': 'Dakshin Surma',
  'upazilas:284': 'Osmani Nagar',
  'upazilas:286': 'Kamalganj',
  'upazilas:353': 'Karimganj',
  'upazilas:356': 'Mithamain',
  'upazilas:361': 'Ghior',
  'upazilas:362': 'Shivalaya',
  'upazilas:363': 'Daulatpur',
  'upazilas:364': 'Singair',
  'upazilas:373': 'Lohajang',
  'upazilas:422': 'Saidpur',
  'upazilas:426': 'Kishoreganj',
  'upazilas:442': 'Taraganj',
  'upazilas:443': 'Badarganj',
  'upazilas:445': 'Pirganj',
  'upazilas:456': 'Char Rajibpur',
  'upazilas:459': 'Sreebardi',
  'upazilas:478': 'Dewanganj',
  'upazilas:481': 'Bakshiganj',
  'upazilas:489': 'Mohanganj',
};

/** The main city: its metropolitan thanas are "inside" it. */
export const MAIN_CITY = 'Dhaka';

/** Dhaka's metropolitan thanas, which couriers price as "inside Dhaka"; the source lists only upazilas. */
export const DHAKA_THANAS: readonly (readonly [string, string])[] = [
  ['Adabor', 'আদাবর'],
  ['Badda', 'বাড্ডা'],
  ['Banani', 'বনানী'],
  ['Bangshal', 'বংশাল'],
  ['Bhasantek', 'ভাসানটেক'],
  ['Bimanbandar', 'বিমানবন্দর'],
  ['Cantonment', 'ক্যান্টনমেন্ট'],
  ['Chawkbazar', 'চকবাজার'],
  ['Dakshinkhan', 'দক্ষিণখান'],
  ['Darus Salam', 'দারুস সালাম'],
  ['Demra', 'ডেমরা'],
  ['Dhanmondi', 'ধানমন্ডি'],
  ['Gendaria', 'গেন্ডারিয়া'],
  ['Gulshan', 'গুলশান'],
  ['Hatirjheel', 'হাতিরঝিল'],
  ['Hazaribagh', 'হাজারীবাগ'],
  ['Jatrabari', 'যাত্রাবাড়ী'],
  ['Kadamtali', 'কদমতলী'],
  ['Kafrul', 'কাফরুল'],
  ['Kalabagan', 'কলাবাগান'],
  ['Kamrangirchar', 'কামরাঙ্গীরচর'],
  ['Khilgaon', 'খিলগাঁও'],
  ['Khilkhet', 'খিলক্ষেত'],
  ['Kotwali', 'কোতোয়ালী'],
  ['Lalbagh', 'লালবাগ'],
  ['Mirpur', 'মিরপুর'],
  ['Mohammadpur', 'মোহাম্মদপুর'],
  ['Motijheel', 'মতিঝিল'],
  ['Mugda', 'মুগদা'],
  ['New Market', 'নিউ মার্কেট'],
  ['Pallabi', 'পল্লবী'],
  ['Paltan', 'পল্টন'],
  ['Ramna', 'রমনা'],
  ['Rampura', 'রামপুরা'],
  ['Rupnagar', 'রূপনগর'],
  ['Sabujbagh', 'সবুজবাগ'],
  ['Shah Ali', 'শাহ আলী'],
  ['Shahbagh', 'শাহবাগ'],
  ['Shahjahanpur', 'শাহজাহানপুর'],
  ['Sher-e-Bangla Nagar', 'শেরেবাংলা নগর'],
  ['Shyampur', 'শ্যামপুর'],
  ['Sutrapur', 'সূত্রাপুর'],
  ['Tejgaon', 'তেজগাঁও'],
  ['Tejgaon Industrial Area', 'তেজগাঁও শিল্পাঞ্চল'],
  ['Turag', 'তুরাগ'],
  ['Uttara East', 'উত্তরা পূর্ব'],
  ['Uttara West', 'উত্তরা পশ্চিম'],
  ['Uttarkhan', 'উত্তরখান'],
  ['Vatara', 'ভাটারা'],
  ['Wari', 'ওয়ারী'],
];

/** Demo shop only: the nearby towns couriers price between inside and outside Dhaka. */
const DEMO_RULES = {
  subCities: [
    ['Dhaka', 'Savar'],
    ['Dhaka', 'Keraniganj'],
  ],
  cities: ['Gazipur', 'Narayanganj'],
  charge: 100_00,
  note: 'Dhaka suburbs',
} as const;

export interface LocationData {
  cities: { sourceId: string; name: string; nameBn: string; division: string; isMainCity: boolean }[];
  subCities: { citySourceId: string; name: string; nameBn: string; isInsideMainCity: boolean }[];
}

/** The cities and sub cities a shop starts with, from the CSVs beside this file. */
export function loadLocationData(): LocationData {
  const name = (file: string, id: string, fallback: string) => SPELLING[`${file}:${id}`] ?? fallback;
  const divisions = new Map(readCsv('divisions.csv').map(([id = '', english = '']) => [id, name('divisions', id, english)]));
  const districts = readCsv('districts.csv').map(([id = '', divisionId = '', english = '', bengali = '']) => ({
    sourceId: id,
    name: name('districts', id, english),
    nameBn: bengali,
    division: divisions.get(divisionId) ?? '',
    isMainCity: english === MAIN_CITY,
  }));
  const upazilas = readCsv('upazilas.csv').map(([id = '', districtId = '', english = '', bengali = '']) => ({
    citySourceId: districtId,
    name: name('upazilas', id, english),
    nameBn: bengali,
    isInsideMainCity: false,
  }));
  const mainCity = districts.find((district) => district.isMainCity);
  const thanas = DHAKA_THANAS.map(([english, bengali]) => ({
    citySourceId: mainCity?.sourceId ?? '',
    name: english,
    nameBn: bengali.normalize('NFC'),
    isInsideMainCity: true,
  }));
  return { cities: districts, subCities: [...thanas, ...upazilas] };
}

/**
 * Every shop's first start (demo or not: checkout needs places): the 64 districts as cities, their
 * upazilas and Dhaka's thanas as sub cities, and the default delivery charges. Does nothing when
 * cities exist already.
 */
export async function seedLocations(db: Db, options: { demo: boolean }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(cities);
  if ((existing?.n ?? 0) > 0) return;

  const data = loadLocationData();
  const insertedCities = await db
    .insert(cities)
    .values(data.cities.map(({ sourceId: _, ...city }) => city))
    .returning({ id: cities.id, name: cities.name });
  const byName = new Map(insertedCities.map((city) => [city.name, city.id]));
  const cityId = new Map(data.cities.map((city) => [city.sourceId, byName.get(city.name) ?? 0]));
  await db
    .insert(subCities)
    .values(data.subCities.map(({ citySourceId, ...subCity }) => ({ ...subCity, cityId: cityId.get(citySourceId) ?? 0 })));

  const { extraPerKg, weightThresholdGrams } = DEFAULT_DELIVERY_CHARGES;
  await db.insert(deliveryCharges).values([
    {
      scope: 'inside_main_city',
      charge: DEFAULT_DELIVERY_CHARGES.insideMainCity,
      extraPerKg,
      weightThresholdGrams,
      note: 'Every sub city marked inside the main city',
    },
    {
      scope: 'outside_main_city',
      charge: DEFAULT_DELIVERY_CHARGES.outsideMainCity,
      extraPerKg,
      weightThresholdGrams,
      note: 'Everywhere else',
    },
  ]);

  if (!options.demo) return;
  const suburbs = await db
    .select({ id: subCities.id, cityId: subCities.cityId })
    .from(subCities)
    .where(
      inArray(
        subCities.name,
        DEMO_RULES.subCities.map(([, subCity]) => subCity),
      ),
    );
  const dhakaId = byName.get(MAIN_CITY);
  await db.insert(deliveryCharges).values([
    ...suburbs
      .filter((subCity) => subCity.cityId === dhakaId)
      .map((subCity) => ({
        scope: 'sub_city' as const,
        cityId: subCity.cityId,
        subCityId: subCity.id,
        charge: DEMO_RULES.charge,
        note: DEMO_RULES.note,
      })),
    ...DEMO_RULES.cities.map((city) => ({
      scope: 'city' as const,
      cityId: byName.get(city) ?? 0,
      charge: DEMO_RULES.charge,
      note: DEMO_RULES.note,
    })),
  ]);
}
